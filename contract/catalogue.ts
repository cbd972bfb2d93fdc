/** Products, categories and stock as the owner and staff run them. */
export {};
