package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.failure.ProviderFailure;
import java.util.List;
import java.util.Objects;

/** The result of one attempt: a response, or a classified failure. Never an exception. */
public sealed interface AttemptOutcome permits AttemptOutcome.Succeeded, AttemptOutcome.Failed {

  /**
   * The route answered with usable output.
   *
   * @param response the answer
   * @param skippedEvents invalid stream events skipped on the way (bounded; docs/design.md §5)
   * @param adapted what the client changed or left out of the request's history so that the route's
   *     provider family accepts it (docs/design.md §13), one {@code messages[i]…: what (why)} entry
   *     per change; the engine puts it in {@link dev.orchestrator.engine.Trace#adapted()}
   * @param toolCallsValid whether the answer's tool calls name tools of the request and fit their
   *     schemas (the route's observed tool-call validity, docs/design.md §14); {@code null} when
   *     the answer has none or the client does not check
   */
  record Succeeded(
      ChatResponse response, int skippedEvents, List<String> adapted, Boolean toolCallsValid)
      implements AttemptOutcome {
    /** Validates and copies. */
    public Succeeded {
      Objects.requireNonNull(response, "response");
      if (skippedEvents < 0) {
        throw new IllegalArgumentException("skippedEvents: " + skippedEvents + " (expected: >= 0)");
      }
      adapted = adapted == null ? List.of() : List.copyOf(adapted);
    }

    /** An answer whose tool calls were not checked. */
    public Succeeded(ChatResponse response, int skippedEvents, List<String> adapted) {
      this(response, skippedEvents, adapted, null);
    }

    /** An answer to a history sent as the caller wrote it. */
    public Succeeded(ChatResponse response, int skippedEvents) {
      this(response, skippedEvents, List.of());
    }

    /** An answer with nothing skipped, to a history sent as the caller wrote it. */
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
