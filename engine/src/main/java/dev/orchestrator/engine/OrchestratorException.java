package dev.orchestrator.engine;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The one exception a request ends with when it does not succeed. Callers switch on {@link #type()}
 * (a closed enum) instead of catching a tree of subclasses; the last classified failure and the
 * whole trace ride along. Messages never contain secrets.
 */
public final class OrchestratorException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why the request ended without an answer (docs/reference.md §4 {@code error.type}). */
  public enum Type {
    /** A settled upstream 4xx handed back as itself (group or single route, or one candidate). */
    REQUEST_REJECTED,
    /** The one candidate failed. */
    BACKEND_UNAVAILABLE,
    /** Several candidates were tried and all failed. */
    CANDIDATES_EXHAUSTED,
    /** Nothing was eligible. */
    NO_CANDIDATES,
    /**
     * The model names no virtual model, pool or route of the catalog: nothing was planned. The
     * caller receives the {@link UnknownModelException} itself (it names the close matches); {@link
     * OrchestratorListener#onFailure} and {@link #refused} see this type, with it as the cause.
     */
    MODEL_NOT_FOUND,
    /** Every failure was a size failure (context window or body size). */
    REQUEST_TOO_LARGE,
    /** Every candidate is cooling down; see {@link #retryAfter()}. */
    RATE_LIMITED,
    /** The request's deadline ran out. */
    DEADLINE_EXCEEDED,
    /** The stream failed after visible output reached the caller. */
    STREAM_INTERRUPTED,
    /** A terminal tool-execution stop; never failed over. */
    TOOL_EXECUTION_STOPPED,
    /** The caller cancelled the request. */
    CANCELLED,
    /**
     * An exception that is not a routing outcome ended the request: a bug in the engine, a plugin
     * or a client, or a free-tier violation. Only {@link OrchestratorListener#onFailure} sees this
     * type, with the original exception as {@link #getCause()}; the caller receives that original
     * exception itself.
     */
    INTERNAL_ERROR;

    /** Lower snake case name used in JSON. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Type type;
  private final transient ProviderFailure lastFailure;
  private final transient Trace trace;
  private final Duration retryAfter;

  /**
   * Creates the exception.
   *
   * @param type why the request ended
   * @param message one line for people (the upstream's own message for {@link
   *     Type#REQUEST_REJECTED})
   * @param lastFailure the last classified failure, or {@code null}
   * @param trace the request's trace
   * @param retryAfter when to try again, or {@code null}
   */
  public OrchestratorException(
      Type type, String message, ProviderFailure lastFailure, Trace trace, Duration retryAfter) {
    super(message);
    this.type = Objects.requireNonNull(type, "type");
    this.lastFailure = lastFailure;
    this.trace = trace;
    this.retryAfter = retryAfter;
  }

  /**
   * The orchestrator's exception for a request refused before any route was planned: {@link
   * Type#MODEL_NOT_FOUND} for an unknown model ({@link UnknownModelException}, which names the
   * close matches), {@link Type#REQUEST_REJECTED} for a request the engine cannot build ({@link
   * IllegalArgumentException}, naming the field); {@code e} is its cause and there is no trace. The
   * adapters use it so that a framework exception's cause is always an {@code
   * OrchestratorException}.
   */
  public static OrchestratorException refused(IllegalArgumentException e) {
    OrchestratorException o =
        new OrchestratorException(
            e instanceof UnknownModelException ? Type.MODEL_NOT_FOUND : Type.REQUEST_REJECTED,
            e.getMessage(),
            null,
            null,
            null);
    o.initCause(e);
    return o;
  }

  /** Why the request ended. */
  public Type type() {
    return type;
  }

  /** The last classified failure, or {@code null} (e.g. for {@link Type#NO_CANDIDATES}). */
  public ProviderFailure lastFailure() {
    return lastFailure;
  }

  /** The trace of the request. */
  public Trace trace() {
    return trace;
  }

  /**
   * How long to wait before asking again, counted from now (a duration, not an instant), or {@code
   * null}: for {@link Type#RATE_LIMITED}, until the earliest candidate is available again ({@code
   * null} when no upstream said how long); for {@link Type#BACKEND_UNAVAILABLE} shed by open
   * breakers, until the next probe; {@code null} otherwise. Never longer than the policy's
   * Retry-After cap.
   */
  public Duration retryAfter() {
    return retryAfter;
  }

  /** The upstream HTTP status of the last failure, or {@code null}. */
  public Integer status() {
    return lastFailure == null ? null : lastFailure.status();
  }
}
