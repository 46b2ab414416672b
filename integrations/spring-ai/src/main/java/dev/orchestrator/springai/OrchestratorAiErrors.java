package dev.orchestrator.springai;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.failure.FailureCategory;
import java.util.Optional;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;

/**
 * How an {@link OrchestratorException} surfaces in Spring AI: as a {@link TransientAiException}
 * (trying again later may help: rate limits, deadlines, server and transport failures, a cut
 * stream) or a {@link NonTransientAiException} (it will not: a rejected request, auth, quota,
 * content filter, no eligible route…), with the {@code OrchestratorException} — its type, upstream
 * status, last failure and attempt trace — as the cause (ADR 0020, error table). The engine has
 * already retried and failed over within its deadline; a {@code RetryTemplate} around this model
 * multiplies attempts. Stateless and thread-safe.
 */
public final class OrchestratorAiErrors {
  private OrchestratorAiErrors() {}

  /** The orchestrator's exception behind {@code error} (itself or a cause), if there is one. */
  public static Optional<OrchestratorException> orchestratorException(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof OrchestratorException) {
        return Optional.of((OrchestratorException) t);
      }
    }
    return Optional.empty();
  }

  /**
   * Spring AI's exception for {@code error}: transient or not for an {@link OrchestratorException}
   * (message kept, the exception as cause), {@link NonTransientAiException} for an unknown model or
   * a request the engine refuses to build, with an {@link OrchestratorException#refused} as cause
   * (so the cause is always an {@code OrchestratorException}); anything else is returned as it is.
   */
  public static RuntimeException toSpringAi(RuntimeException error) {
    if (error instanceof OrchestratorException) {
      OrchestratorException e = (OrchestratorException) error;
      return transientFailure(e)
          ? new TransientAiException(e.getMessage(), e)
          : new NonTransientAiException(e.getMessage(), e);
    }
    if (error instanceof IllegalArgumentException) {
      return new NonTransientAiException(
          error.getMessage(), OrchestratorException.refused((IllegalArgumentException) error));
    }
    return error;
  }

  /** Whether trying again later may help: the type first, then the last failure's category. */
  static boolean transientFailure(OrchestratorException e) {
    return switch (e.type()) {
      case RATE_LIMITED, DEADLINE_EXCEEDED, STREAM_INTERRUPTED -> true;
      case BACKEND_UNAVAILABLE, CANDIDATES_EXHAUSTED ->
          e.lastFailure() != null && transientCategory(e.lastFailure().category());
      case REQUEST_REJECTED,
          NO_CANDIDATES,
          MODEL_NOT_FOUND,
          REQUEST_TOO_LARGE,
          TOOL_EXECUTION_STOPPED,
          CANCELLED,
          INTERNAL_ERROR ->
          false; // INTERNAL_ERROR is a bug's listener-only exit, never thrown
    };
  }

  private static boolean transientCategory(FailureCategory c) {
    return switch (c) {
      case RATE_LIMITED,
          OVERLOADED,
          SERVER_ERROR,
          TIMEOUT,
          CONNECTION_FAILED,
          STREAM_INTERRUPTED,
          EMPTY_RESPONSE ->
          true;
      case QUOTA_EXHAUSTED,
          AUTH_FAILED,
          PERMISSION_DENIED,
          REQUEST_INVALID,
          CONTEXT_LENGTH_EXCEEDED,
          REQUEST_TOO_LARGE,
          CONTENT_FILTERED,
          NOT_FOUND,
          TOOL_EXECUTION_STOPPED,
          CANCELLED,
          UNKNOWN ->
          false;
    };
  }
}
