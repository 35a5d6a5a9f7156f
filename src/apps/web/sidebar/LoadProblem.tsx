/** Why a sidebar list could not load, with a Retry that asks again. */
export function LoadProblem({ problem, onRetry }: { problem: string | null; onRetry: () => void }) {
  if (!problem) return null;
  return (
    <div className="sidebar-problem" role="alert">
      <span>{problem}</span>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
