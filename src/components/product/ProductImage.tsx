import { useEffect, useState } from 'react';
import { styled } from '@mui/material/styles';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import { MEDIA_WIDTHS, mediaPath, mediaPictureId } from 'contract/links';
import { onIdle } from '../../lib/onIdle';
import { theme } from '../../theme/theme';

interface ProductImageProps {
  src: string;
  alt: string;
  /** Width over height; fixed so the layout never shifts while the image loads. */
  ratio?: number;
  /**
   * The first screen's images load at once, ahead of the scripts; the rest wait until they are
   * near the viewport.
   */
  eager?: boolean;
  /**
   * Ask for the picture only once the page has a moment to spare (windowed lists): a fast
   * scroll mounts and drops cards within a few frames, and each picture asked for costs
   * main-thread time (and data) even when it is gone before it arrives.
   */
  whenIdle?: boolean;
  size?: number | string;
  /**
   * How wide the picture shows at each screen width (the `sizes` attribute), so the browser
   * picks the smallest copy of an uploaded photo that is sharp; defaults to `size` in px.
   */
  sizes?: string;
}

/** The copies of an uploaded photo at each width, for `srcset`; null for any other picture. */
function photoCopies(src: string, format: 'webp' | 'jpg'): string | null {
  const id = mediaPictureId(src);
  return id === null
    ? null
    : MEDIA_WIDTHS.map((w) => `${mediaPath(id, w, format)} ${w}w`).join(', ');
}

// Styles from the app's theme as plain objects, serialized once when the module loads (not
// per render): the shop grid mounts a row of these at a time while scrolling.
const Frame = styled('div')({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  backgroundColor: theme.palette.background.default,
  borderRadius: theme.shape.borderRadius,
});

const Picture = styled('img')({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'contain',
});

const Placeholder = styled(ShoppingBasketOutlined)({
  fontSize: 48,
  color: theme.palette.text.disabled,
});

/**
 * A product's picture in a box of fixed proportions. A picture that fails to load (a slow
 * network, a missing file) leaves a calm placeholder instead of a broken-image icon.
 */
export default function ProductImage({
  src,
  alt,
  ratio = 1,
  eager = false,
  whenIdle = false,
  size = '100%',
  sizes = typeof size === 'number' ? `${size}px` : '100vw',
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [wanted, setWanted] = useState(eager || !whenIdle);
  useEffect(() => {
    if (wanted) return undefined;
    return onIdle(() => setWanted(true));
  }, [wanted]);
  const webp = photoCopies(src, 'webp');
  const jpeg = photoCopies(src, 'jpg');
  return (
    <Frame style={{ width: size, aspectRatio: String(ratio) }}>
      {!wanted ? null : failedSrc === src ? (
        <Placeholder
          role="img"
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
        />
      ) : (
        // An uploaded photo comes as WebP where the browser takes it, JPEG otherwise.
        <picture style={{ display: 'contents' }}>
          {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
          <Picture
            src={src}
            srcSet={jpeg ?? undefined}
            sizes={jpeg ? sizes : undefined}
            alt={alt}
            loading={eager ? 'eager' : 'lazy'}
            // The first screen's pictures are its largest paint: asked for ahead of the scripts.
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            onError={() => setFailedSrc(src)}
          />
        </picture>
      )}
    </Frame>
  );
}
