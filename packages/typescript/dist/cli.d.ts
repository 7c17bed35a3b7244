export interface CliIO {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    env: Record<string, string | undefined>;
    /** Ends `listen` (tests); the process's ^C (SIGINT) or SIGTERM otherwise. */
    signal?: AbortSignal;
}
export declare const HELP: string;
/** `va_live_abcd…wxyz` → `va_live_…wxyz`: enough to tell keys apart, never the secret. */
export declare function redact(secret: string): string;
/** Runs the command line; resolves with the exit code. */
export declare function main(argv: string[], io?: CliIO): Promise<number>;
