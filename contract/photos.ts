/** Product and category photos: upload, check, resize, store. */
export {};
