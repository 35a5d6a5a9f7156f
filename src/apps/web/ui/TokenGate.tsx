import { useId, useState } from 'react';

/** Asks for a bearer token (servers off loopback require one) and hands it back. */
export function TokenGate({
  message,
  onToken,
}: {
  message: string;
  onToken: (token: string) => void;
}) {
  const [token, setToken] = useState('');
  const id = useId();
  return (
    <main className="app-message">
      <form
        className="token-gate"
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) onToken(token.trim());
        }}
      >
        <h1>Footnote</h1>
        <p>{message}</p>
        <label htmlFor={id}>Access token</label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          value={token}
          placeholder="fn_…"
          onChange={(e) => setToken(e.target.value)}
        />
        <p className="hint">
          Ask the server's owner for one (<code>footnote users add NAME</code>).
        </p>
        <button type="submit" disabled={!token.trim()}>
          Continue
        </button>
      </form>
    </main>
  );
}
