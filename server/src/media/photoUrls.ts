/** Where a stored picture's copies are served (server/src/backOffice/media.ts answers them). */
import type { Photo } from '../../../contract';
import {
  MEDIA_DEFAULT_WIDTH,
  MEDIA_PREVIEW_NAME,
  MEDIA_WIDTHS,
  mediaPath,
  mediaPreviewPath,
} from '../../../contract/links';
import type { PictureRecord } from '../db/pictures';

export function photoOf(p: PictureRecord): Photo {
  return {
    id: p.id,
    width: p.width,
    height: p.height,
    src: mediaPath(p.id, MEDIA_DEFAULT_WIDTH, 'jpg'),
    sources: MEDIA_WIDTHS.map((width) => ({
      width,
      webp: mediaPath(p.id, width, 'webp'),
      jpeg: mediaPath(p.id, width, 'jpg'),
    })),
    preview: mediaPreviewPath(p.id),
  };
}

/** Every URL of a picture's copies (an order line may name any one of them). */
export function pictureUrls(pictureId: number): string[] {
  return [
    ...MEDIA_WIDTHS.flatMap((w) => [
      mediaPath(pictureId, w, 'webp'),
      mediaPath(pictureId, w, 'jpg'),
    ]),
    `/media/${pictureId}-${MEDIA_PREVIEW_NAME}`,
  ];
}
