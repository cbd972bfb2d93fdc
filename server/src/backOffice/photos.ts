/** Product and category photos: upload, check, resize, store. */
import type { RoutePlugin } from '../context';

const photosRoutes: RoutePlugin = async () => {};

export default photosRoutes;
