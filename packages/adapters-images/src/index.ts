export { sharpImageProcessor, type SharpImageOptions } from './sharp-image-processor.js';
export { childExecArgv, serveImageWork, startImageProcess, type ImageProcess, type ImageProcessOptions, type ImageWork } from './image-process.js';
