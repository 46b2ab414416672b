package dev.orchestrator.langchain4j;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.NonRetriableException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.util.Optional;

/**
 * How an {@link OrchestratorException} surfaces in LangChain4j: as LangChain4j's own exception type
 * (ADR 0019, error table), with the {@code OrchestratorException} — its type, upstream status, last
 * failure and attempt trace — as the cause. Stateless and thread-safe.
 *
 * <pre>{@code
 * try {
 *   assistant.chat("Hi");
 * } catch (RateLimitException e) {
 *   OrchestratorErrors.orchestratorException(e)
 *       .ifPresent(o -> System.out.println(o.retryAfter() + " " + o.trace().attempts()));
 * }
 * }</pre>
 */
public final class OrchestratorErrors {
  private OrchestratorErrors() {}

  /** LangChain4j's exception kinds the table maps to. */
  enum Kind {
    RATE_LIMIT,
    AUTHENTICATION,
    INVALID_REQUEST,
    CONTENT_FILTERED,
    MODEL_NOT_FOUND,
    TIMEOUT,
    INTERNAL_SERVER,
    NON_RETRIABLE,
    OTHER
  }

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
   * LangChain4j's exception for {@code error}: the mapped type for an {@link OrchestratorException}
   * (message kept, the exception as cause), {@link ModelNotFoundException} for an unknown model,
   * {@link InvalidRequestException} for a request the engine refuses to build — both with an {@link
   * OrchestratorException#refused} as cause, so the cause is always an {@code
   * OrchestratorException}; anything else is returned as it is.
   */
  public static RuntimeException toLangChain4j(RuntimeException error) {
    if (error instanceof OrchestratorException) {
      OrchestratorException e = (OrchestratorException) error;
      return create(kind(e), e.getMessage(), e);
    }
    if (error instanceof UnknownModelException) {
      return new ModelNotFoundException(
          error.getMessage(), OrchestratorException.refused((UnknownModelException) error));
    }
    if (error instanceof IllegalArgumentException) {
      return new InvalidRequestException(
          error.getMessage(), OrchestratorException.refused((IllegalArgumentException) error));
    }
    return error;
  }

  /** The kind for {@code e}: its type first, then its last failure's category. */
  static Kind kind(OrchestratorException e) {
    FailureCategory last = e.lastFailure() == null ? null : e.lastFailure().category();
    return switch (e.type()) {
      case REQUEST_REJECTED -> byCategory(last, Kind.INVALID_REQUEST);
      case BACKEND_UNAVAILABLE, CANDIDATES_EXHAUSTED -> byCategory(last, Kind.INTERNAL_SERVER);
      case NO_CANDIDATES, MODEL_NOT_FOUND -> Kind.MODEL_NOT_FOUND;
      case REQUEST_TOO_LARGE -> Kind.INVALID_REQUEST;
      case RATE_LIMITED -> Kind.RATE_LIMIT;
      case DEADLINE_EXCEEDED -> Kind.TIMEOUT;
      case STREAM_INTERRUPTED -> Kind.INTERNAL_SERVER;
      case TOOL_EXECUTION_STOPPED -> Kind.NON_RETRIABLE;
      case CANCELLED -> Kind.OTHER;
      // Listener-only (a bug's exit); never thrown, so never seen here: mapped for completeness.
      case INTERNAL_ERROR -> Kind.INTERNAL_SERVER;
    };
  }

  private static Kind byCategory(FailureCategory c, Kind fallback) {
    if (c == null) {
      return fallback;
    }
    return switch (c) {
      case RATE_LIMITED, QUOTA_EXHAUSTED -> Kind.RATE_LIMIT;
      case AUTH_FAILED, PERMISSION_DENIED -> Kind.AUTHENTICATION;
      case CONTENT_FILTERED -> Kind.CONTENT_FILTERED;
      case NOT_FOUND -> Kind.MODEL_NOT_FOUND;
      case TIMEOUT -> Kind.TIMEOUT;
      case REQUEST_INVALID, CONTEXT_LENGTH_EXCEEDED, REQUEST_TOO_LARGE -> Kind.INVALID_REQUEST;
      case OVERLOADED, SERVER_ERROR, CONNECTION_FAILED, STREAM_INTERRUPTED, EMPTY_RESPONSE ->
          Kind.INTERNAL_SERVER;
      case TOOL_EXECUTION_STOPPED -> Kind.NON_RETRIABLE;
      case CANCELLED -> Kind.OTHER;
      case UNKNOWN -> fallback;
    };
  }

  private static LangChain4jException create(Kind kind, String message, Throwable cause) {
    return switch (kind) {
      case RATE_LIMIT -> new RateLimitException(message, cause);
      case AUTHENTICATION -> new AuthenticationException(message, cause);
      case INVALID_REQUEST -> new InvalidRequestException(message, cause);
      case CONTENT_FILTERED -> new ContentFilteredException(message, cause);
      case MODEL_NOT_FOUND -> new ModelNotFoundException(message, cause);
      case TIMEOUT -> new TimeoutException(message, cause);
      case INTERNAL_SERVER -> new InternalServerException(message, cause);
      case NON_RETRIABLE -> new NonRetriableException(message, cause);
      case OTHER -> new LangChain4jException(message, cause);
    };
  }
}
