package dev.orchestrator.engine.tool;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What kind of tool failure happened: facts only, no policy. The decision table in {@link
 * ToolFailureClassifier} is an exhaustive {@code switch} over this enum, so adding a constant fails
 * the build until the table handles it.
 */
public enum ToolFailureKind {
  /** The agent has no tool by that name (HTTP 404/410/501, an "unknown tool" answer). */
  TOOL_NOT_FOUND,
  /**
   * The tool could not be reached, so it never ran: connection refused, connect timeout, unknown
   * host, TLS handshake failure, an executor that rejected the call.
   */
  TOOL_UNAVAILABLE,
  /** The call did not finish in time (HTTP 408/504, a read or future timeout). */
  TIMEOUT,
  /**
   * The tool asked the caller to slow down, or its use is capped (HTTP 429; 402, credits used up).
   */
  RATE_LIMITED,
  /** The connection broke after the call was sent (reset, broken pipe, EOF, HTTP 502/503). */
  TRANSPORT_ERROR,
  /** The tool rejected its arguments (HTTP 400/422, a validation error). */
  INVALID_ARGUMENTS,
  /** The caller may not run this tool (HTTP 401/403/407, access denied). */
  PERMISSION_DENIED,
  /** A policy forbids this call (HTTP 423/451, "blocked by policy"). */
  POLICY_BLOCKED,
  /** The tool ran and failed (HTTP 409/500, a non-zero exit). */
  EXECUTION_FAILED,
  /** Whether the tool's side effect happened cannot be known. */
  AMBIGUOUS_OUTCOME,
  /** No evidence matched. */
  UNKNOWN;

  /** Lower snake case name used in JSON and reason codes ({@code tool_not_found}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The valid wire names, comma-separated, for error messages. */
  public static String wireNames() {
    return Arrays.stream(values()).map(ToolFailureKind::wireName).collect(Collectors.joining(", "));
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static ToolFailureKind fromWireName(String name) {
    for (ToolFailureKind k : values()) {
      if (k.wireName().equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "tool failure kind: " + name + " (expected one of: " + wireNames() + ")");
  }
}
