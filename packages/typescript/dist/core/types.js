/** The options of the client and of one call. */
export {};
