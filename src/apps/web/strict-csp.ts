import { config } from 'zod';

// The page runs under a Content-Security-Policy without 'unsafe-eval'. Zod (used by the AI SDK to
// read the answer stream) would otherwise probe `new Function` for its compiled fast path, which
// the browser reports as a CSP violation; its interpreted path is just as correct.
config({ jitless: true });
