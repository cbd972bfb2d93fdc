/** A product's photos: upload, order, remove. Built by the photos part of the back office. */
export default function ProductPhotos(_props: { productId: number }) {
  return null;
}
