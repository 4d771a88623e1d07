export { sharpImageProcessor, type SharpImageOptions } from './sharp-image-processor.js';
