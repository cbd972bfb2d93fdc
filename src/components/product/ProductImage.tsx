import Box from '@mui/material/Box';

interface ProductImageProps {
  src: string;
  alt: string;
  /** Width over height; fixed so the layout never shifts while the image loads. */
  ratio?: number;
  /** The first screen's images load at once; the rest wait until they are near the viewport. */
  eager?: boolean;
  size?: number | string;
}

export default function ProductImage({ src, alt, ratio = 1, eager = false, size = '100%' }: ProductImageProps) {
  return (
    <Box
      sx={{
        width: size,
        aspectRatio: String(ratio),
        bgcolor: 'background.default',
        borderRadius: 1,
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      <Box
        component="img"
        src={src}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Box>
  );
}
