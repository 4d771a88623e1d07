/**
 * The service's image process (see `startImageProcess` in @larder/adapters-images): sharp's image processor and the
 * cover artist, answering the service over IPC. Started by the service, never by hand.
 */
// The cover artist alone: the renderer (pdfmake, the EPUB writer) is the render threads' business.
import { createCoverArtist } from '@larder/adapters-documents/cover';
import { serveImageWork, sharpImageProcessor } from '@larder/adapters-images';

serveImageWork({ images: sharpImageProcessor(), covers: createCoverArtist() });
