package dev.orchestrator.providers.classify;

import static dev.orchestrator.engine.failure.FailureCategory.AUTH_FAILED;
import static dev.orchestrator.engine.failure.FailureCategory.CANCELLED;
import static dev.orchestrator.engine.failure.FailureCategory.CONNECTION_FAILED;
import static dev.orchestrator.engine.failure.FailureCategory.CONTENT_FILTERED;
import static dev.orchestrator.engine.failure.FailureCategory.CONTEXT_LENGTH_EXCEEDED;
import static dev.orchestrator.engine.failure.FailureCategory.EMPTY_RESPONSE;
import static dev.orchestrator.engine.failure.FailureCategory.NOT_FOUND;
import static dev.orchestrator.engine.failure.FailureCategory.OVERLOADED;
import static dev.orchestrator.engine.failure.FailureCategory.PERMISSION_DENIED;
import static dev.orchestrator.engine.failure.FailureCategory.QUOTA_EXHAUSTED;
import static dev.orchestrator.engine.failure.FailureCategory.RATE_LIMITED;
import static dev.orchestrator.engine.failure.FailureCategory.REQUEST_INVALID;
import static dev.orchestrator.engine.failure.FailureCategory.REQUEST_TOO_LARGE;
import static dev.orchestrator.engine.failure.FailureCategory.SERVER_ERROR;
import static dev.orchestrator.engine.failure.FailureCategory.STREAM_INTERRUPTED;
import static dev.orchestrator.engine.failure.FailureCategory.TIMEOUT;
import static dev.orchestrator.engine.failure.FailureCategory.TOOL_EXECUTION_STOPPED;
import static dev.orchestrator.engine.failure.ReachedModel.NO;
import static dev.orchestrator.engine.failure.ReachedModel.UNKNOWN;
import static dev.orchestrator.engine.failure.ReachedModel.YES;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.providers.classify.PhraseScanner.Phrases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * docs/design.md §4 as data: the evidence-ordered rows, first match wins. Each row reads one kind
 * of evidence (the comment above it says where that evidence comes from) and returns a {@link
 * Verdict}; its id is reported as {@link Classification#rule()} and documented in {@code
 * docs/failure-taxonomy.md}. Immutable and thread-safe.
 */
final class FailureRules {

  private static final boolean RETRY = true;
  private static final boolean FINAL = false;

  /** What a row returns: the category, whether the same route may be retried, and reach. */
  record Verdict(FailureCategory category, boolean retryable, ReachedModel reachedModel) {}

  /** One row of the protocol: when {@code when} holds for the facts, the answer is {@code then}. */
  record Rule(String id, Predicate<Facts> when, Verdict then) {}

  private FailureRules() {}

  /** The first row whose predicate holds. */
  static Rule first(Facts facts) {
    for (Rule r : RULES) {
      if (r.when().test(facts)) {
        return r;
      }
    }
    throw new AssertionError("the last row matches everything");
  }

  private static List<Rule> table() {
    List<Rule> t = new ArrayList<>();
    // 1. FailureEvidence.streamStarted (set by the client): visible output reached the caller.
    //    Whatever the error, nothing may be re-sent.
    t.add(row("stream.after_visible_output", Facts::streamStarted, STREAM_INTERRUPTED, FINAL, YES));

    // 2. Account state, even on 429. The status line: 402 Payment Required.
    t.add(row("account.status_402", f -> f.statusIs(402), QUOTA_EXHAUSTED, FINAL, NO));
    // 2. The provider's error type/code/reason: OpenAI insufficient_quota, LiteLLM
    //    BudgetExceededError, Bedrock ServiceQuotaExceededException…
    t.add(row("account.error_code", f -> f.hasToken(ACCOUNT_CODES), QUOTA_EXHAUSTED, FINAL, NO));
    // 2. Google: error.status RESOURCE_EXHAUSTED with a google.rpc.QuotaFailure in error.details.
    t.add(
        row(
            "account.google_quota_failure",
            f -> f.hasToken(GOOGLE_EXHAUSTED) && f.error().quotaFailure(),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));
    // 2. The upstream's message or body text: quota, billing, credit or budget wording.
    t.add(row("account.wording", f -> f.says(ACCOUNT_WORDING), QUOTA_EXHAUSTED, FINAL, NO));

    // 3. Auth. The status line: 401 Unauthorized.
    t.add(row("auth.status_401", f -> f.statusIs(401), AUTH_FAILED, FINAL, NO));
    // 3. The error type/code/reason: authentication_error, invalid_api_key, API_KEY_INVALID…
    t.add(row("auth.error_code", f -> f.hasToken(AUTH_CODES), AUTH_FAILED, FINAL, NO));
    // 3. The upstream's message: invalid or expired key wording, even on 400/429.
    t.add(row("auth.wording", f -> f.says(AUTH_WORDING), AUTH_FAILED, FINAL, NO));
    // 3. The status line: 403 Forbidden.
    t.add(row("auth.status_403", f -> f.statusIs(403), PERMISSION_DENIED, FINAL, NO));

    // 4. Request size. The status line: 413 Content Too Large (a body-size limit at the edge).
    t.add(row("size.status_413", f -> f.statusIs(413), REQUEST_TOO_LARGE, FINAL, NO));
    // 4. A definitive 4xx whose code or message is about the context window.
    t.add(
        row(
            "size.context_window",
            f -> f.definitive4xx() && (f.hasToken(CONTEXT_CODES) || f.says(CONTEXT_WORDING)),
            CONTEXT_LENGTH_EXCEEDED,
            FINAL,
            YES));

    // 5. A definitive 4xx whose code or message is a content-policy refusal.
    t.add(
        row(
            "content.policy",
            f -> f.definitive4xx() && (f.hasToken(CONTENT_CODES) || f.says(CONTENT_WORDING)),
            CONTENT_FILTERED,
            FINAL,
            YES));

    // 6. Model gone. The status line: 404 Not Found, 410 Gone.
    t.add(row("gone.status_404_410", f -> f.statusIn(404, 410), NOT_FOUND, FINAL, NO));
    // 6. The error code (model_not_found, model_decommissioned) or "model … does not exist".
    t.add(
        row(
            "gone.model_wording",
            f -> f.hasToken(MODEL_GONE_CODES) || f.saysModelGone(),
            NOT_FOUND,
            FINAL,
            NO));

    // 7. A 409 whose error code is tool_execution_stopped: the provider's terminal tool signal.
    t.add(
        row(
            "tool.execution_stopped",
            f -> f.statusIs(409) && f.hasToken(TOOL_STOPPED_CODES),
            TOOL_EXECUTION_STOPPED,
            FINAL,
            YES));

    // 8. Any other definitive 4xx (every 4xx but 408, 409, 425, 429), whatever the body says.
    t.add(row("request.definitive_4xx", Facts::definitive4xx, REQUEST_INVALID, FINAL, YES));

    // 9. Transient statuses: 408, 409, 425, 429, every 5xx but 501 and 505 (incl. Cloudflare
    //    520–527, 529, 598, 599). Rate limiters and load shedders turn a request away unread.
    t.add(row("transient.status_429", f -> f.statusIs(429), RATE_LIMITED, RETRY, NO));
    t.add(row("transient.status_529", f -> f.statusIs(529), OVERLOADED, RETRY, NO));
    // 9. A transient status whose error type or message says overloaded / no deployments.
    t.add(
        row(
            "transient.overloaded",
            f ->
                f.transientStatus() && (f.hasToken(OVERLOADED_CODES) || f.says(OVERLOADED_WORDING)),
            OVERLOADED,
            RETRY,
            NO));
    // 9. Cloudflare 522: the edge could not connect to the origin in time.
    t.add(row("transient.origin_connect_timeout", f -> f.statusIs(522), TIMEOUT, RETRY, NO));
    // 9. A gateway or proxy timed out waiting for an answer that may be under way.
    t.add(
        row(
            "transient.timeout",
            f -> f.statusIn(408, 504, 524, 598, 599),
            TIMEOUT,
            RETRY,
            UNKNOWN));
    // 9. Cloudflare 521/523/525/526: the edge could not reach the origin at all.
    t.add(
        row(
            "transient.origin_unreachable",
            f -> f.statusIn(521, 523, 525, 526),
            SERVER_ERROR,
            RETRY,
            NO));
    // 9. 500 is the serving application's own answer.
    t.add(row("transient.status_500", f -> f.statusIs(500), SERVER_ERROR, RETRY, YES));
    // 9. The rest (409, 425, 502, 503, 520, 527…): a proxy or the server, request fate unknown.
    t.add(row("transient.other", Facts::transientStatus, SERVER_ERROR, RETRY, UNKNOWN));
    // 501 Not Implemented / 505 HTTP Version Not Supported: a settled "never here" (ADR 0003).
    t.add(row("settled.status_501_505", f -> f.statusIn(501, 505), REQUEST_INVALID, FINAL, YES));

    // 10. Transport evidence (FailureEvidence.transportFault), one row per fault kind.
    for (TransportFault fault : TransportFault.values()) {
      t.add(new Rule("transport." + fault.wireName(), f -> f.faultIs(fault), transport(fault)));
    }

    // In-band errors with no status of their own and no type/code that names one (an SSE error
    // event, a gateway's wrapped message): transient wording, after the account and auth rows.
    t.add(
        row(
            "in_band.overloaded",
            f -> f.noStatusSays(OVERLOADED_WORDING),
            OVERLOADED,
            RETRY,
            UNKNOWN));
    t.add(
        row(
            "in_band.rate_limited",
            f -> f.noStatusSays(RATE_WORDING),
            RATE_LIMITED,
            RETRY,
            UNKNOWN));
    t.add(row("in_band.timeout", f -> f.noStatusSays(TIMEOUT_WORDING), TIMEOUT, RETRY, UNKNOWN));
    t.add(
        row(
            "in_band.connection",
            f -> f.noStatusSays(CONNECTION_WORDING),
            CONNECTION_FAILED,
            RETRY,
            UNKNOWN));
    t.add(
        row(
            "in_band.server_error",
            f -> f.noStatusSays(SERVER_WORDING),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));

    // 11. An HTTP 2xx the client judged unusable (no choices, empty content, invalid JSON).
    t.add(row("empty.http_2xx", Facts::success, EMPTY_RESPONSE, RETRY, YES));

    // 12. Nothing matched.
    t.add(row("unknown", f -> true, FailureCategory.UNKNOWN, FINAL, UNKNOWN));
    return List.copyOf(t);
  }

  /** Row 10: what each transport fault means. Exhaustive: a new fault fails the build here. */
  static Verdict transport(TransportFault fault) {
    return switch (fault) {
      // no request byte reached the server
      case CONNECT_REFUSED, CONNECT_TIMEOUT, DNS, TLS -> verdict(CONNECTION_FAILED, RETRY, NO);
      // the connection died before the server answered anything
      case RESET_BEFORE_RESPONSE, EOF_BEFORE_RESPONSE -> verdict(CONNECTION_FAILED, RETRY, NO);
      // the request was sent, then the connection died: it may be running
      case RESET_AFTER_REQUEST -> verdict(CONNECTION_FAILED, RETRY, UNKNOWN);
      // no response headers in time: a silent route (ProviderFailure.silent())
      case READ_TIMEOUT -> verdict(TIMEOUT, RETRY, UNKNOWN);
      // headers (a 2xx) arrived, then nothing before the limit
      case FIRST_TOKEN_TIMEOUT, STREAM_IDLE_TIMEOUT -> verdict(TIMEOUT, RETRY, YES);
      // the stream broke before visible output: the server's fault, an incomplete answer
      case STREAM_TRUNCATED, MALFORMED_STREAM -> verdict(SERVER_ERROR, RETRY, YES);
      // the caller's own cancel or a deliberate watchdog abort
      case CANCELLED -> verdict(CANCELLED, FINAL, UNKNOWN);
    };
  }

  /**
   * The status an in-band error's type or code stands for, when the error has no HTTP status of its
   * own: Anthropic's documented error types, OpenAI's types and codes, Google's canonical {@code
   * error.status}, LiteLLM's exception classes, AWS exception names.
   */
  static final Map<String, Integer> STATUS_OF_TOKEN =
      Map.ofEntries(
          // 400
          Map.entry("invalid_request_error", 400),
          Map.entry("invalid_argument", 400),
          Map.entry("failed_precondition", 400),
          Map.entry("out_of_range", 400),
          Map.entry("badrequesterror", 400),
          Map.entry("unsupportedparamserror", 400),
          Map.entry("validationexception", 400),
          Map.entry("context_length_exceeded", 400),
          Map.entry("contextwindowexceedederror", 400),
          Map.entry("content_filter", 400),
          Map.entry("content_policy_violation", 400),
          Map.entry("contentpolicyviolationerror", 400),
          // 401 / 403 / 404
          Map.entry("authentication_error", 401),
          Map.entry("unauthenticated", 401),
          Map.entry("authenticationerror", 401),
          Map.entry("permission_error", 403),
          Map.entry("permission_denied", 403),
          Map.entry("permissiondeniederror", 403),
          Map.entry("accessdeniedexception", 403),
          Map.entry("not_found_error", 404),
          Map.entry("not_found", 404),
          Map.entry("notfounderror", 404),
          Map.entry("model_not_found", 404),
          Map.entry("resourcenotfoundexception", 404),
          // 408 / 409 / 413
          Map.entry("timeout", 408),
          Map.entry("timeout_error", 408),
          Map.entry("apitimeouterror", 408),
          Map.entry("modeltimeoutexception", 408),
          Map.entry("tool_execution_stopped", 409),
          Map.entry("aborted", 409),
          Map.entry("request_too_large", 413),
          // 429
          Map.entry("rate_limit_error", 429),
          Map.entry("rate_limit_exceeded", 429),
          Map.entry("rate_limited", 429),
          Map.entry("ratelimiterror", 429),
          Map.entry("resource_exhausted", 429),
          Map.entry("throttlingexception", 429),
          Map.entry("too_many_requests", 429),
          // 5xx
          Map.entry("api_error", 500),
          Map.entry("server_error", 500),
          Map.entry("internal", 500),
          Map.entry("internal_error", 500),
          Map.entry("internal_server_error", 500),
          Map.entry("internalservererror", 500),
          Map.entry("internalserverexception", 500),
          Map.entry("apierror", 500),
          Map.entry("apiconnectionerror", 500),
          Map.entry("unimplemented", 501),
          Map.entry("unavailable", 503),
          Map.entry("service_unavailable", 503),
          Map.entry("serviceunavailableerror", 503),
          Map.entry("serviceunavailableexception", 503),
          Map.entry("deadline_exceeded", 504),
          Map.entry("overloaded_error", 529),
          Map.entry("overloaded", 529));

  // --- What the rows look for. Codes are exact lower-case identifiers; wording is substrings of
  // the lower-cased message/body text, all found in one scan (PhraseScanner) of that text.

  private static final PhraseScanner.Builder WORDS = PhraseScanner.builder();

  static final Set<String> ACCOUNT_CODES =
      Set.of(
          "insufficient_quota",
          "quota_exceeded",
          "billing_hard_limit_reached",
          "billing_not_active",
          "insufficient_balance",
          "insufficient_credits",
          "payment_required",
          "budget_exceeded",
          "budgetexceedederror",
          "servicequotaexceededexception");

  static final Phrases ACCOUNT_WORDING =
      WORDS.phrases(
          "insufficient_quota",
          "exceeded your current quota",
          "quota exceeded",
          "exceeded quota",
          "out of quota",
          "credit balance is too low",
          "insufficient balance",
          "insufficient_balance",
          "insufficient credits",
          "insufficient funds",
          "not enough credits",
          "requires more credits",
          "out of credits",
          "budget exceeded",
          "budget has been exceeded",
          "exceeded budget",
          "exceededbudget",
          "over budget",
          "billing hard limit",
          "check your plan and billing",
          "billing details",
          "payment required",
          "spending limit",
          "reached your specified api usage limits");

  static final Set<String> GOOGLE_EXHAUSTED = Set.of("resource_exhausted");

  static final Set<String> TOOL_STOPPED_CODES = Set.of("tool_execution_stopped");

  static final Set<String> AUTH_CODES =
      Set.of(
          "authentication_error",
          "invalid_api_key",
          "invalid_authentication",
          "api_key_invalid",
          "api_key_expired",
          "unauthenticated",
          "authenticationerror",
          "unrecognizedclientexception",
          "expiredtokenexception",
          "invalidsignatureexception");

  static final Phrases AUTH_WORDING =
      WORDS.phrases(
          "invalid api key",
          "invalid_api_key",
          "incorrect api key",
          "api key not valid",
          "api key is invalid",
          "api key expired",
          "api key has expired",
          "expired api key",
          "invalid x-api-key",
          "invalid authentication",
          "authentication failed",
          "no auth credentials",
          "missing authentication",
          "didn't provide an api key",
          "security token included in the request is invalid");

  static final Set<String> CONTEXT_CODES =
      Set.of("context_length_exceeded", "contextwindowexceedederror");

  static final Phrases CONTEXT_WORDING =
      WORDS.phrases(
          "context_length_exceeded",
          "maximum context length",
          "context length",
          "context window",
          "prompt is too long",
          "input is too long",
          "too many tokens",
          "exceeds the maximum number of tokens",
          "reduce the length of the messages");

  static final Set<String> CONTENT_CODES =
      Set.of(
          "content_filter",
          "content_policy_violation",
          "contentpolicyviolationerror",
          "responsibleaipolicyviolation");

  static final Phrases CONTENT_WORDING =
      WORDS.phrases(
          "content_filter",
          "content_policy_violation",
          "content management policy",
          "content policy",
          "safety system");

  static final Set<String> MODEL_GONE_CODES =
      Set.of("model_not_found", "model_decommissioned", "model_deprecated");

  // "The model `x` does not exist", "models/gemini-1.0-pro is not found for API version v1beta"
  static final Pattern MODEL_GONE_WORDING =
      Pattern.compile(
          "\\bmodels?\\b[^\\n]{0,160}?(?:does not exist|do not exist|not found|no such|"
              + "decommissioned|no longer available|no longer supported|retired)"
              + "|no such model|unknown model|not a valid model");

  static final Set<String> OVERLOADED_CODES = Set.of("overloaded_error", "overloaded");

  static final Phrases OVERLOADED_WORDING =
      WORDS.phrases("overloaded", "no deployments available", "over capacity", "at capacity");

  static final Phrases RATE_WORDING =
      WORDS.phrases("rate limit", "rate_limit", "ratelimit", "too many requests", "throttl");

  static final Phrases TIMEOUT_WORDING = WORDS.phrases("timed out", "timeout", "deadline exceeded");

  static final Phrases CONNECTION_WORDING =
      WORDS.phrases(
          "connection reset",
          "connection refused",
          "connection closed",
          "connection error",
          "received no bytes",
          "econnreset",
          "econnrefused",
          "broken pipe",
          "socket hang up",
          "unexpected eof");

  static final Phrases SERVER_WORDING =
      WORDS.phrases(
          "internal server error",
          "internal error",
          "server error",
          "server_error",
          "service unavailable",
          "bad gateway",
          "upstream error");

  // Every pattern alternative of MODEL_GONE_WORDING contains it.
  static final Phrases MODEL_WORD = WORDS.phrases("model");

  /** Finds every wording set above in one pass; declared after the last of them. */
  static final PhraseScanner WORDING = WORDS.build();

  /** The protocol, in order. The last row matches everything. */
  static final List<Rule> RULES = table();

  private static Rule row(
      String id,
      Predicate<Facts> when,
      FailureCategory category,
      boolean retryable,
      ReachedModel reached) {
    return new Rule(id, when, verdict(category, retryable, reached));
  }

  private static Verdict verdict(FailureCategory c, boolean retryable, ReachedModel reached) {
    return new Verdict(c, retryable, reached);
  }
}
