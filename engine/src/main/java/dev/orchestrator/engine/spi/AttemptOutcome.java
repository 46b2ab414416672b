package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.failure.ProviderFailure;
import java.util.Objects;

/** The result of one attempt: a response, or a classified failure. Never an exception. */
public sealed interface AttemptOutcome permits AttemptOutcome.Succeeded, AttemptOutcome.Failed {

  /**
   * The route answered with usable output.
   *
   * @param response the answer
   * @param skippedEvents invalid stream events skipped on the way (bounded; docs/design.md §5)
   */
  record Succeeded(ChatResponse response, int skippedEvents) implements AttemptOutcome {
    /** Validates. */
    public Succeeded {
      Objects.requireNonNull(response, "response");
      if (skippedEvents < 0) {
        throw new IllegalArgumentException("skippedEvents: " + skippedEvents + " (expected: >= 0)");
      }
    }

    /** An answer with nothing skipped. */
    public Succeeded(ChatResponse response) {
      this(response, 0);
    }
  }

  /**
   * The attempt failed; the failure is already classified.
   *
   * @param failure the typed verdict
   * @param visibleOutput whether any content was delivered to the stream listener before the
   *     failure
   */
  record Failed(ProviderFailure failure, boolean visibleOutput) implements AttemptOutcome {
    /** Validates. */
    public Failed {
      Objects.requireNonNull(failure, "failure");
    }
  }
}
