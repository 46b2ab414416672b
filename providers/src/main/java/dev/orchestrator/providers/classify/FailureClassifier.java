package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The single source of truth for "what kind of provider failure is this and may it be re-sent"
 * (docs/design.md §4). Reads the evidence through an ordered table of rules, first match wins:
 *
 * <ol>
 *   <li>visible output already streamed → {@code stream_interrupted};
 *   <li>account state (402, quota/billing/credit/budget codes or wording, even on 429) → {@code
 *       quota_exhausted};
 *   <li>401 or invalid/expired-key codes or wording → {@code auth_failed}; 403 → {@code
 *       permission_denied};
 *   <li>413 → {@code request_too_large}; context-window code or wording on a definitive 4xx →
 *       {@code context_length_exceeded};
 *   <li>content policy on a definitive 4xx → {@code content_filtered};
 *   <li>404/410 or "model … does not exist" → {@code not_found};
 *   <li>409 with code {@code tool_execution_stopped} → {@code tool_execution_stopped};
 *   <li>a definitive 4xx whose words name the history's shape (a tool-call id, a signature, the
 *       order of roles) → {@code request_invalid}, repairable;
 *   <li>any other definitive 4xx (all but 408, 409, 425, 429) → {@code request_invalid};
 *   <li>transient statuses (408, 409, 425, 429, 5xx but 501/505) → {@code rate_limited}, {@code
 *       overloaded}, {@code timeout} or {@code server_error}, retryable; 501/505 → {@code
 *       request_invalid};
 *   <li>transport faults → {@code connection_failed}, {@code timeout}, {@code server_error} or
 *       {@code cancelled};
 *   <li>in-band errors with no status: transient wording;
 *   <li>an unusable 2xx → {@code empty_response};
 *   <li>otherwise {@code unknown}, not retryable.
 * </ol>
 *
 * <p>An in-band error (an SSE {@code error} event, an error body inside a 2xx) is read by the same
 * rows, with the status its type or code stands for ({@code overloaded_error} → 529, {@code
 * rate_limit_error} → 429, {@code invalid_request_error} → 400…), or an HTTP status it carries
 * itself (OpenRouter's and Google's numeric {@code error.code}).
 *
 * <p>Also extracted: {@code retryAfter} (from {@code retry-after-ms}, {@code Retry-After} seconds
 * or HTTP-date, Google {@code retryDelay}, {@code x-ratelimit-reset-*}), the request id ({@code
 * x-request-id}, {@code request-id}, {@code x-amzn-requestid}, the body, {@code cf-ray}), the
 * provider's error type and code, a one-line message and at most 2 KiB of body — all cleaned of
 * control characters and {@linkplain Redactor redacted}. Bodies are read to at most 64 KiB and JSON
 * parsing is bounded, so no input makes {@link #classify} throw.
 *
 * <p>Immutable and thread-safe. The rows are documented in {@code docs/failure-taxonomy.md}; the
 * choices behind their order in ADR 0003.
 */
public final class FailureClassifier {

  /** The shared instance, reading HTTP-date {@code Retry-After} against the system UTC clock. */
  public static final FailureClassifier INSTANCE =
      new FailureClassifier(Clock.systemUTC(), List.of());

  // failures of the kinds the rules read, one each: a status and an error document, a provider's
  // overload, an HTML page, a status-less SDK message and a transport fault
  static final List<FailureEvidence> SAMPLES =
      List.of(
          FailureEvidence.http(
              400,
              Map.of(),
              "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens.\","
                  + "\"type\":\"invalid_request_error\",\"code\":\"context_length_exceeded\"}}"),
          FailureEvidence.http(
              529,
              Map.of("retry-after", "2"),
              "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"),
          FailureEvidence.http(
              502,
              Map.of(),
              "<html><head><title>502 Bad Gateway</title></head><body></body></html>"),
          FailureEvidence.message("openai.RateLimitError: You exceeded your current quota"),
          FailureEvidence.transport(TransportFault.READ_TIMEOUT, null));

  private final Clock clock;
  private final List<ErrorRule> userRules;

  private FailureClassifier(Clock clock, List<ErrorRule> userRules) {
    this.clock = clock;
    this.userRules = userRules;
  }

  /**
   * Loads the rules, builds their phrase index and classifies a few failures of each kind, in the
   * calling thread: what the first classification in a process otherwise pays for (about half a
   * second on a small machine, docs/benchmarks.md). Idempotent and thread-safe; a classification
   * made meanwhile waits for the rules, as it would have loaded them itself.
   */
  public static void prepare() {
    for (FailureEvidence e : SAMPLES) {
      INSTANCE.explain(e);
    }
  }

  /**
   * {@link #prepare()} as an asynchronous task of the JDK's common pool ({@link
   * CompletableFuture#runAsync(Runnable)}), started once per process; returns at once, and every
   * call the same future. The provider clients call it when they are built, so that a failure soon
   * after start is classified at the warm cost.
   */
  public static CompletableFuture<Void> prepareInBackground() {
    return Preparing.TASK;
  }

  // The one preparation of the process, started when first asked for (the holder's class
  // initialisation runs once).
  private static final class Preparing {
    static final CompletableFuture<Void> TASK =
        CompletableFuture.runAsync(FailureClassifier::prepare);
  }

  /**
   * A classifier that reads time (for HTTP-date {@code Retry-After} and reset instants) from {@code
   * clock}.
   *
   * @throws NullPointerException if {@code clock} is null
   */
  public static FailureClassifier withClock(Clock clock) {
    return new FailureClassifier(Objects.requireNonNull(clock, "clock"), List.of());
  }

  /**
   * This classifier with an operator's rules (a catalog's {@code errors:} section) evaluated before
   * the built-in ones, in order, first match wins. The built-in evidence is still read for the
   * failure's other facts (request id, type, code, message, retry delay); a rule's cool-down, when
   * given, becomes the failure's {@code retryAfter}.
   *
   * @throws NullPointerException if {@code rules} is null
   */
  public FailureClassifier withRules(List<ErrorRule> rules) {
    return new FailureClassifier(clock, List.copyOf(rules));
  }

  /** The operator's rules this classifier evaluates first, in order. */
  public List<ErrorRule> userRules() {
    return userRules;
  }

  /**
   * Classifies one failure. No evidence makes it throw; evidence nothing recognises is {@code
   * unknown}, not retryable.
   *
   * @throws NullPointerException if {@code evidence} itself is null
   */
  public ProviderFailure classify(FailureEvidence evidence) {
    return explain(evidence).failure();
  }

  /**
   * Classifies one failure and names the rule that decided it. No evidence makes it throw; a
   * classifier bug yields {@code unknown} under the rule id {@code internal_error}.
   *
   * @throws NullPointerException if {@code evidence} itself is null
   */
  public Classification explain(FailureEvidence evidence) {
    return explain(evidence, false);
  }

  /**
   * {@link #explain} that also says what the deciding built-in rule read in the failure's text
   * ({@link Classification#words()}): the rule is tested once more with a record kept, so a trace
   * costs about twice a classification. For a person asking why ({@code orchestrator classify
   * --explain}), not for the request path.
   *
   * @throws NullPointerException if {@code evidence} itself is null
   */
  public Classification trace(FailureEvidence evidence) {
    return explain(evidence, true);
  }

  private Classification explain(FailureEvidence evidence, boolean traced) {
    Objects.requireNonNull(evidence, "evidence");
    try {
      return explainStrict(evidence, traced);
    } catch (RuntimeException e) {
      // A bug must not turn a provider failure into a crash of the caller's request.
      return new Classification(
          ProviderFailure.builder(FailureCategory.UNKNOWN, ReachedModel.UNKNOWN)
              .status(evidence.status())
              .transportFault(evidence.transportFault())
              .message("unclassifiable evidence (" + e.getClass().getSimpleName() + ")")
              .build(),
          "internal_error");
    }
  }

  /** {@link #explain} without the safety net, so tests can prove the net is never needed. */
  Classification explainStrict(FailureEvidence evidence) {
    return explainStrict(evidence, false);
  }

  private Classification explainStrict(FailureEvidence evidence, boolean traced) {
    Map<String, String> h = evidence.headers();
    String body = evidence.body(); // at most MAX_READ_CHARS
    UpstreamError error = read(evidence);
    Facts facts = new Facts(evidence, error);
    ErrorRule user = null;
    List<Classification.Check> considered = List.of();
    if (!userRules.isEmpty()) {
      considered = new ArrayList<>();
      for (ErrorRule r : userRules) {
        Classification.Check check = UserRules.check(r, evidence, facts);
        considered.add(check);
        if (check.matched()) {
          user = r;
          break;
        }
      }
    }
    FailureRules.Verdict v;
    String ruleId;
    List<String> words = List.of();
    if (user != null) {
      v = new FailureRules.Verdict(user.category(), user.retryable(), ReachedModel.UNKNOWN);
      ruleId = user.id();
    } else {
      FailureRules.Decision decided = FailureRules.first(facts);
      v = decided.rule().then();
      ruleId = decided.rule().id();
      if (traced) {
        words = decided.facts().wordsRead(decided.rule());
      }
    }
    Duration retryAfter =
        user != null && user.cooldown() != null
            ? user.cooldown()
            : RetryAfter.of(
                h,
                error.retryDelay(),
                clock,
                v.category() == FailureCategory.RATE_LIMITED
                    || v.category() == FailureCategory.QUOTA_EXHAUSTED);
    String requestId = firstNonBlank(h, "x-request-id", "request-id", "x-amzn-requestid");
    if (requestId == null && !Text.isBlank(error.requestId())) {
      requestId = error.requestId();
    }
    if (requestId == null) {
      requestId = firstNonBlank(h, "cf-ray");
    }
    requestId = Text.token(requestId);
    ProviderFailure failure =
        ProviderFailure.builder(v.category(), v.reachedModel())
            .retryable(v.retryable())
            .status(evidence.status())
            .retryAfter(retryAfter)
            .requestId(requestId)
            .errorType(Text.token(error.type()))
            .errorCode(Text.token(error.code()))
            .transportFault(evidence.transportFault())
            .message(Text.oneLine(message(evidence, error), Text.MAX_MESSAGE_CHARS))
            .body(Text.keptBody(body))
            .repairable(v.repairable())
            .build();
    return new Classification(failure, ruleId, considered, words);
  }

  /**
   * The evidence's body and texts as the rules read them: the body, the exception message unless a
   * typed transport fault stands for it (a fault is never second-guessed from its message),
   * Bedrock's {@code x-amzn-ErrorType} header, and whether an HTTP failure status came with them.
   */
  static UpstreamError read(FailureEvidence evidence) {
    String otherText = evidence.transportFault() == null ? evidence.exceptionMessage() : null;
    return UpstreamError.read(
        evidence.body(),
        otherText,
        evidence.headers().get("x-amzn-errortype"),
        Facts.httpFailure(evidence));
  }

  // The upstream's own words when it has any; else what the transport or status line says.
  private static String message(FailureEvidence e, UpstreamError error) {
    if (e.transportFault() != null) {
      String what = FailureExplanations.describe(e.transportFault());
      return Text.isBlank(e.exceptionMessage()) ? what : what + ": " + e.exceptionMessage();
    }
    if (!Text.isBlank(error.message())) {
      return error.message();
    }
    if (!Text.isBlank(e.exceptionMessage())) {
      return e.exceptionMessage();
    }
    if (e.status() != null) {
      boolean ok = e.status() >= 200 && e.status() <= 299;
      return "HTTP "
          + e.status()
          + (Text.isBlank(e.body())
              ? " with an empty body"
              : ok ? " without usable assistant output" : "");
    }
    return Text.isBlank(e.body()) ? "no evidence" : e.body();
  }

  // The first of these headers that is present and not blank; looked up only as far as needed.
  private static String firstNonBlank(Map<String, String> headers, String... names) {
    for (String name : names) {
      String v = headers.get(name);
      if (!Text.isBlank(v)) {
        return v;
      }
    }
    return null;
  }
}
