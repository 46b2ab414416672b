package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import java.time.Duration;

/**
 * One-line sentences a person can act on, for a classified failure: what happened ({@link
 * #summary}) and what to do about it ({@link #nextStep}). Shared by {@code orchestrator classify},
 * traces and the HTTP front so the same failure always reads the same. Stateless and thread-safe.
 */
public final class FailureExplanations {

  private FailureExplanations() {}

  /**
   * What happened, in one sentence, e.g. "Quota exhausted on openrouter (HTTP 402): the account is
   * out of credits, quota or budget."
   *
   * @param failure the classified failure
   * @param provider the provider id, or {@code null} for "the provider"
   */
  public static String summary(ProviderFailure failure, String provider) {
    String p = name(provider);
    String at = evidence(failure);
    return switch (failure.category()) {
      case RATE_LIMITED -> "Rate limited by " + p + at + waitClause(failure) + ".";
      case QUOTA_EXHAUSTED ->
          "Quota exhausted on " + p + at + ": the account is out of credits, quota or budget.";
      case OVERLOADED -> "Overloaded: " + p + " is turning requests away" + at + ".";
      case SERVER_ERROR -> "Server error from " + p + at + ".";
      case TIMEOUT ->
          failure.status() == null
              ? "Timed out: " + p + " did not answer in time" + at + "."
              : "Timed out: a gateway gave up waiting for " + p + at + ".";
      case CONNECTION_FAILED ->
          failure.transportFault() == TransportFault.RESET_AFTER_REQUEST
              ? "Connection failed: it broke after the request was sent to " + p + at + "."
              : "Connection failed: could not reach " + p + at + ".";
      case STREAM_INTERRUPTED ->
          "Stream interrupted: " + p + " failed after output reached the caller" + at + ".";
      case REQUEST_INVALID ->
          failure.repairable()
              ? "Request rejected by " + p + at + " for the shape of its history."
              : "Request rejected as invalid by " + p + at + ".";
      case CONTEXT_LENGTH_EXCEEDED ->
          "Context length exceeded: the prompt does not fit the"
              + " model's window on "
              + p
              + at
              + ".";
      case REQUEST_TOO_LARGE ->
          "Request too large: the body is bigger than " + p + " accepts" + at + ".";
      case CONTENT_FILTERED -> "Refused under " + p + "'s content policy" + at + ".";
      case AUTH_FAILED -> "Authentication failed: " + p + " rejected the API key" + at + ".";
      case PERMISSION_DENIED ->
          "Permission denied: the API key may not use this model or"
              + " endpoint on "
              + p
              + at
              + ".";
      case NOT_FOUND -> "Not found: the model is not available on " + p + at + ".";
      case EMPTY_RESPONSE -> "Empty response: " + p + " answered without usable output" + at + ".";
      case TOOL_EXECUTION_STOPPED ->
          "Tool execution stopped: " + p + " ended a tool run in an unknown state" + at + ".";
      case CANCELLED -> "Cancelled: the call to " + p + " was stopped on purpose" + at + ".";
      case UNKNOWN -> "Unrecognised failure from " + p + at + ".";
    };
  }

  /**
   * What to do next, in one sentence, e.g. "Add credits or wait for the reset; the route is skipped
   * until then."
   *
   * @param failure the classified failure
   * @param provider the provider id, or {@code null} for "the provider"
   */
  public static String nextStep(ProviderFailure failure, String provider) {
    String p = name(provider);
    return switch (failure.category()) {
      case RATE_LIMITED ->
          "Wait"
              + (failure.retryAfter() == null ? "" : " " + human(failure.retryAfter()))
              + " before retrying "
              + p
              + ", or let the orchestrator fail over; lower the request"
              + " rate if it keeps happening.";
      case QUOTA_EXHAUSTED ->
          "Add credits or wait for the reset"
              + (failure.retryAfter() == null ? "" : " (in " + human(failure.retryAfter()) + ")")
              + "; the route is skipped until then.";
      case OVERLOADED ->
          "Retry shortly or fail over to another provider; the request itself is" + " fine.";
      case SERVER_ERROR ->
          "Retry once, then fail over; check " + p + "'s status page if it keeps happening.";
      case TIMEOUT ->
          failure.silent()
              ? "Fail over to the next candidate (a silent route is not retried); raise the timeout"
                  + " if the model is just slow."
              : "Retry once, then fail over; raise the timeout if the model is just slow.";
      case CONNECTION_FAILED ->
          "Check the base URL, DNS, proxy and network; the orchestrator"
              + " retries once, then fails over.";
      case STREAM_INTERRUPTED ->
          "Send the whole request again if you need a complete answer; a"
              + " partial answer is never retried automatically.";
      case REQUEST_INVALID ->
          failure.repairable()
              ? "The orchestrator sends the same route the history once more in its strictest"
                  + " form, then fails over; declare the provider's family in the catalog"
                  + " (history:) if it keeps happening."
              : "Fix the request (parameters, tools, message format); sending it"
                  + " again unchanged will fail again.";
      case CONTEXT_LENGTH_EXCEEDED ->
          "Shorten the prompt or route to a model with a larger" + " context window.";
      case REQUEST_TOO_LARGE ->
          "Send a smaller body (fewer or smaller attachments) or use a"
              + " provider with a higher limit.";
      case CONTENT_FILTERED ->
          "Rephrase the request or use a provider with a different content"
              + " policy; sending it again unchanged will be refused again.";
      case AUTH_FAILED ->
          "Check the API key configured for " + p + ": it is missing, wrong, revoked or expired.";
      case PERMISSION_DENIED ->
          "Enable this model for the key's account, project or region on "
              + p
              + ", or use another route.";
      case NOT_FOUND ->
          "Check the model id against "
              + p
              + "'s model list; the route is treated as retired for a while.";
      case EMPTY_RESPONSE ->
          "Fail over to another route; if it keeps happening, check max_tokens"
              + " and the response format.";
      case TOOL_EXECUTION_STOPPED ->
          "Check the tool's side effects before running anything again;"
              + " the orchestrator never replays it.";
      case CANCELLED -> "Nothing to do if the cancel was intended; otherwise raise the deadline.";
      case UNKNOWN ->
          "Read the status and body below; it is not retried automatically, and a"
              + " report of its shape helps the classifier learn it.";
    };
  }

  /** A short phrase for a transport fault ("connection refused"). */
  public static String describe(TransportFault fault) {
    return switch (fault) {
      case CONNECT_REFUSED -> "connection refused";
      case CONNECT_TIMEOUT -> "connect timed out";
      case DNS -> "host name did not resolve";
      case TLS -> "TLS handshake failed";
      case RESET_BEFORE_RESPONSE -> "connection reset before any response";
      case EOF_BEFORE_RESPONSE -> "connection closed before any response";
      case READ_TIMEOUT -> "no response before the timeout";
      case STREAM_TRUNCATED -> "stream ended without its final chunk";
      case STREAM_IDLE_TIMEOUT -> "stream went idle past the limit";
      case CANCELLED -> "cancelled";
      case FIRST_TOKEN_TIMEOUT -> "no first token before the limit";
      case RESET_AFTER_REQUEST -> "connection broke after the request was sent";
      case MALFORMED_STREAM -> "stream carried an invalid event";
    };
  }

  private static String evidence(ProviderFailure f) {
    if (f.status() != null) {
      return " (HTTP " + f.status() + ")";
    }
    if (f.transportFault() != null) {
      return " (" + describe(f.transportFault()) + ")";
    }
    return "";
  }

  private static String waitClause(ProviderFailure f) {
    return f.retryAfter() == null ? "" : "; it asks to wait " + human(f.retryAfter());
  }

  /** {@code 2s}, {@code 1.5s}, {@code 6m}, {@code 1h 5m}. */
  static String human(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return ms + "ms";
    }
    if (ms < 60_000) {
      return ms % 1000 == 0 ? ms / 1000 + "s" : String.format("%.1fs", ms / 1000.0);
    }
    long minutes = d.toMinutes();
    if (minutes < 60) {
      long s = d.toSecondsPart();
      return minutes + "m" + (s == 0 ? "" : " " + s + "s");
    }
    long m = d.toMinutesPart();
    return d.toHours() + "h" + (m == 0 ? "" : " " + m + "m");
  }

  private static String name(String provider) {
    return Text.isBlank(provider) ? "the provider" : Text.oneLine(provider, 100);
  }
}
