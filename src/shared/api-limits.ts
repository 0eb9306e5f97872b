/** The most procedures one batched tRPC request may carry: the server refuses more, and the client splits above it. */
export const TRPC_MAX_BATCH = 10;
