package dev.orchestrator.engine.failure;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What kind of provider failure happened: facts only, no policy. Every decision table in the engine
 * is an exhaustive {@code switch} over this enum, so adding a constant fails the build until each
 * table handles it. The documented taxonomy lives in {@code docs/failure-taxonomy.md}.
 */
public enum FailureCategory {
  /** HTTP 429 that is not about account state; the route is busy for this caller. */
  RATE_LIMITED,
  /** Account state: 402, quota, billing, credit or budget exhausted. Waiting won't fix it soon. */
  QUOTA_EXHAUSTED,
  /** 529, "overloaded", "no deployments available": the provider is shedding load. */
  OVERLOADED,
  /** Other retryable 5xx. */
  SERVER_ERROR,
  /** 408/504/522/524/598/599 or a read/first-token/idle timeout. */
  TIMEOUT,
  /** No connection: refused, DNS, TLS, connect timeout, reset or EOF before any response byte. */
  CONNECTION_FAILED,
  /** The stream failed after visible output reached the caller. */
  STREAM_INTERRUPTED,
  /** Any other definitive 4xx: the request itself is wrong for this route. */
  REQUEST_INVALID,
  /** The prompt does not fit the route's context window. */
  CONTEXT_LENGTH_EXCEEDED,
  /** HTTP 413: the request body exceeds a provider's size limit. */
  REQUEST_TOO_LARGE,
  /** Content policy rejection on a definitive 4xx. */
  CONTENT_FILTERED,
  /** 401, invalid or expired key. */
  AUTH_FAILED,
  /** 403. */
  PERMISSION_DENIED,
  /** 404/410, model not found or gone. */
  NOT_FOUND,
  /** HTTP 200 without usable assistant output. */
  EMPTY_RESPONSE,
  /** A provider's terminal 409 {@code tool_execution_stopped}, or a fail-closed tool stop. */
  TOOL_EXECUTION_STOPPED,
  /** The caller cancelled, or a deliberate watchdog abort. */
  CANCELLED,
  /** Nothing matched. */
  UNKNOWN;

  /** Lower snake case name used in JSON ({@code rate_limited}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every category's wire name, comma-separated, for a message listing what is expected. */
  public static String wireNames() {
    return Arrays.stream(values()).map(FailureCategory::wireName).collect(Collectors.joining(", "));
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static FailureCategory fromWireName(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("failure category: " + name, e);
    }
  }
}
