export * from './photo.js';
export * from './image-format.js';
export * from './image-processor.js';
export * from './photo-upload.js';
