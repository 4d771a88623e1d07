/**
 * The service's image process (see `startImageProcess` in @larder/adapters-images): sharp's image processor and the
 * cover artist, answering the service over IPC. Started by the service, never by hand.
 */
import { createCoverArtist } from '@larder/adapters-documents';
import { serveImageWork, sharpImageProcessor } from '@larder/adapters-images';

serveImageWork({ images: sharpImageProcessor(), covers: createCoverArtist() });
