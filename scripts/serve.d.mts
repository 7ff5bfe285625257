export function startServer(port: number): { close(): void };
