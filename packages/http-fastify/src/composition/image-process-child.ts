/**
 * The service's image process (see `startImageProcess` in @larder/adapters-images): sharp's image processor for
 * uploads, answering the service over IPC. Started by the service, never by hand.
 */
import { serveImageWork, sharpImageProcessor } from '@larder/adapters-images';

serveImageWork({ images: sharpImageProcessor() });
