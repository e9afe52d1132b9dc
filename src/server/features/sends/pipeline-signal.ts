/**
 * In-process nudge for the send pipeline: a send created here starts within milliseconds instead
 * of at the next poll. Other processes find the work at their next poll (about a second).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onPipelineWake(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakePipeline(): void {
  for (const l of listeners) l();
}
