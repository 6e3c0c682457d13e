// Spec §4 Onboarding: leaving the wizard before its final step is noted as abandoned. No analytics
// exist yet; this is the one place they will listen to (analytics only with the person's consent).

export interface OnboardingAbandonment {
  /** 1-based step the person was on (1 is the introduction). */
  step: number;
  totalSteps: number;
  /** The question on screen, if the step was a question. */
  questionId: string | null;
}

type Listener = (event: OnboardingAbandonment) => void;

const listeners = new Set<Listener>();

export function onOnboardingAbandoned(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function noteOnboardingAbandoned(event: OnboardingAbandonment): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // A broken listener must never break leaving the page.
      console.error('Onboarding abandonment listener failed', error);
    }
  }
}
