import { useState } from 'react';
import { styled } from '@mui/material/styles';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';

interface ProductImageProps {
  src: string;
  alt: string;
  /** Width over height; fixed so the layout never shifts while the image loads. */
  ratio?: number;
  /** The first screen's images load at once; the rest wait until they are near the viewport. */
  eager?: boolean;
  size?: number | string;
}

// Styles made once (not per render): the shop grid mounts a row of these at a time while scrolling.
const Frame = styled('div')(({ theme }) => ({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  backgroundColor: theme.palette.background.default,
  borderRadius: theme.shape.borderRadius,
}));

const Picture = styled('img')({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'contain',
});

const Placeholder = styled(ShoppingBasketOutlined)(({ theme }) => ({
  fontSize: 48,
  color: theme.palette.text.disabled,
}));

/**
 * A product's picture in a box of fixed proportions. A picture that fails to load (a slow
 * network, a missing file) leaves a calm placeholder instead of a broken-image icon.
 */
export default function ProductImage({
  src,
  alt,
  ratio = 1,
  eager = false,
  size = '100%',
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <Frame style={{ width: size, aspectRatio: String(ratio) }}>
      {failedSrc === src ? (
        <Placeholder
          role="img"
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
        />
      ) : (
        <Picture
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </Frame>
  );
}
