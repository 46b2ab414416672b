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
import static dev.orchestrator.providers.classify.CauseWords.*;
import static dev.orchestrator.providers.classify.FailureWords.*;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.internal.Regexes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * docs/design.md §4 as data: the evidence-ordered rows, first match wins. Each row reads one kind
 * of evidence (the comment above it says where that evidence comes from) and returns a {@link
 * Verdict}; its id is reported as {@link Classification#rule()} and documented in {@code
 * docs/failure-taxonomy.md}. The codes and wording the rows look for are {@link FailureWords}; the
 * few lists kept here sit beside the one predicate that reads them. Immutable and thread-safe.
 */
final class FailureRules {

  private static final boolean RETRY = true;
  private static final boolean FINAL = false;

  /**
   * What a row returns: the category, whether the same route may be retried, reach, and whether the
   * cause is the history's shape, which the same route may accept once repaired.
   */
  record Verdict(
      FailureCategory category, boolean retryable, ReachedModel reachedModel, boolean repairable) {
    /** A verdict whose cause is not the history's shape. */
    Verdict(FailureCategory category, boolean retryable, ReachedModel reachedModel) {
      this(category, retryable, reachedModel, false);
    }
  }

  /**
   * A meaning's wording in the phrasings a list cannot enumerate: clauses, each a pattern read only
   * when one of its anchors (literals every match of that clause contains) occurs. A body saying
   * nothing of the kind costs a few {@code indexOf}s; one that says something close runs only the
   * clauses about that, never one large alternation over the whole text.
   */
  record Words(List<Clause> clauses) {
    static Words of(Clause... clauses) {
      return new Words(List.of(clauses));
    }

    /** These clauses, then {@code more}'s. */
    Words with(Words more) {
      List<Clause> all = new ArrayList<>(clauses);
      all.addAll(more.clauses());
      return new Words(List.copyOf(all));
    }

    /** Whether {@code wording} (lower-cased) says this: some clause finds a match in it. */
    boolean in(String wording) {
      return match(wording) != null;
    }

    /** The first match in {@code wording} (lower-cased) of the first clause that finds one. */
    String match(String wording) {
      for (Clause c : clauses) {
        Matcher m = c.matcher(wording, wording);
        if (m != null && m.find()) {
          return m.group();
        }
      }
      return null;
    }
  }

  /**
   * One clause of {@link Words}, or any pattern the classifier reads a text with: a pattern, and
   * the lower-case literals every match of it contains one of (none: it is always read). A text
   * whose lower-cased copy holds none of them is not scanned.
   */
  record Clause(List<String> anchors, Pattern pattern) {
    /** A clause matching any of {@code phrases}, lower-case literals, each its own anchor. */
    static Clause literals(String... phrases) {
      return of(
          Arrays.stream(phrases).map(Pattern::quote).collect(Collectors.joining("|")), phrases);
    }

    /** A clause matching {@code regex}, each match of which contains one of {@code anchors}. */
    static Clause of(String regex, String... anchors) {
      return new Clause(List.of(anchors), Regexes.compile(regex));
    }

    /** Whether {@code wording} (lower-cased) holds a match. */
    boolean in(String wording) {
      Matcher m = matcher(wording, wording);
      return m != null && m.find();
    }

    /** A matcher over {@code text} when {@code lower}, its lower-cased copy, holds an anchor. */
    Matcher matcher(String text, String lower) {
      if (anchors.isEmpty()) {
        return pattern.matcher(text);
      }
      for (String a : anchors) {
        if (lower.contains(a)) {
          return pattern.matcher(text);
        }
      }
      return null;
    }
  }

  /** One row of the protocol: when {@code when} holds for the facts, the answer is {@code then}. */
  record Rule(String id, Predicate<Facts> when, Verdict then) {}

  private FailureRules() {}

  // A size failure that counts tokens against the model's window: not bytes against a body limit,
  // not tokens against a per-minute budget or a wait (Groq's 413 "Request too large … tokens per
  // minute", Bedrock's "Too many tokens, please wait before trying again").
  private static boolean countsTokensAgainstWindow(Facts f) {
    return f.hasToken(CONTEXT_CODES)
        || f.says(TOKEN_WORDS)
            && !f.says(BYTE_WORDS)
            && !f.says(THROTTLE_WORDING)
            && saysContextWords(f);
  }

  // The context window named in words (not a code): the phrase list or the patterns.
  private static boolean saysContextWords(Facts f) {
    return (f.says(CONTEXT_WORDING) || f.saysPattern(CONTEXT_PATTERN)) && !namesNotTheWindow(f);
  }

  /**
   * Whether the words name what is never the model's window: a Go context deadline, a per-minute
   * rate limit, a count of items per batch (NOT_THE_WINDOW), a field's length of a few characters
   * (FIELD_LENGTH_LIMIT), a request URI too long (URI_TOO_LONG), an answer cut short by its own
   * output's budget (ANSWER_CUT_SHORT). Read by every context row that reads words.
   */
  private static boolean namesNotTheWindow(Facts f) {
    return f.says(NOT_THE_WINDOW)
        || f.saysPattern(FIELD_LENGTH_LIMIT)
        || f.saysPattern(URI_TOO_LONG)
        || f.saysPattern(ANSWER_CUT_SHORT);
  }

  // Go's "context deadline exceeded" (a context.Context that timed out), a per-minute rate limit
  // ("Number of request tokens has exceeded your per-minute rate limit") and a count of items:
  // never the model's window.
  static final List<String> NOT_THE_WINDOW =
      List.of(
          // Apple's wrapper around the POSIX EMSGSIZE of a socket ("The operation couldn't be
          // completed. Message too long"): a datagram, not a prompt
          "could not be completed. message too long",
          // a model too large for the machine's memory ("Model size exceeds available RAM")
          "available ram",
          "context deadline exceeded",
          "per-minute rate limit",
          // a count of requests or texts in a batch, not tokens ("exceeds the maximum of 50,000
          // requests per batch", "单次请求的文本条数超过上限"), not a count of records kept that an overflow
          // prints beside it ("上下文长度超过限制。… 当前记录条数: 2")
          "requests per batch",
          // a count of images over what a request takes ("request contains 54 images, exceeding
          // the maximum of 50 allowed per request")
          "images, exceeding",
          "文本条数",
          "的条数");

  // The words count bytes and never tokens or a context ("image exceeds 5 MB maximum: 6418576 bytes
  // > 5242880"): a size the context rows do not own.
  private static boolean countsOnlyBytes(Facts f) {
    return (f.says(BYTE_WORDS) || f.saysPattern(PIXEL_SIZE)) && !f.says(TOKEN_WORDS);
  }

  // No endpoint that the account's settings allow (OpenRouter's "No endpoints available matching
  // your guardrail restrictions and data policy"): the settings name a policy, but nothing was
  // refused for its content (row content.policy_wording).
  static final List<String> NO_ENDPOINT_MATCHES =
      List.of("endpoints available matching", "endpoints found matching");

  // A session that ran its maximum time (OpenAI Realtime's session_expired "Your session hit the
  // maximum duration of 15 minutes"): not a login to renew (row auth.wording).
  static final List<String> SESSION_DURATION_NAMED = List.of("maximum duration");

  /**
   * A 500, 502 or 503 that only an SDK's class stands for (openai.InternalServerError,
   * litellm.APIError), not an error document's own type: the class says only that the client gave
   * up, the words say what happened (rows transient.connection_words, transient.empty_words).
   */
  private static boolean onlyAClassSays5xx(Facts f) {
    return f.statusOfTokenOnly() && !f.error().errorShape() && f.statusIn(500, 502, 503);
  }

  // A limit the words say is not the account's ("Server is temporarily limiting requests (not your
  // usage limit)") (row account.cap_wording).
  static final List<String> NOT_THE_ACCOUNT = List.of("not your usage limit");

  // A URL a client could not use: no scheme, a relative one, a character a scheme cannot hold (row
  // request.url_words).
  static final List<String> URL_UNUSABLE_WORDING =
      List.of(
          "missing an 'http://' or 'https://' protocol",
          "relative url without a base",
          // Rust's url crate as reqwest prints it ("source: RelativeUrlWithoutBase")
          "relativeurlwithoutbase",
          "illegal character in scheme name",
          "no scheme supplied",
          "unsupported protocol scheme");

  /**
   * Whether the words say it was the answer, not the request, that could not be used: malformed
   * (GARBLED_RESPONSE_WORDING), unreadable by the client (ANSWER_UNREADABLE), or ended before it
   * was whole (ANSWER_ENDED_ABNORMALLY). Keeps a failure from the request rows
   * (in_band.request_invalid, in_band.request_words).
   */
  private static boolean namesTheAnswer(Facts f) {
    return f.says(GARBLED_RESPONSE_WORDING)
        || f.says(REASONING_WITHOUT_ANSWER)
        || f.saysPattern(ANSWER_UNREADABLE)
        || f.saysPattern(ANSWER_ACCESS_FAILED)
        || f.saysPattern(ANSWER_ENDED_ABNORMALLY);
  }

  /**
   * Whether the words put the fault anywhere but the request, whatever request words they hold:
   * they name the answer ({@link #namesTheAnswer}), the app's own programming fault or a request
   * echoed whole (NOT_THE_REQUEST_AT_FAULT), or a wait that timed out, whatever setting the advice
   * names ("Connection timeout after 10122 ms … ConnectTimeout needs to be set to a higher value"),
   * or a key not given (KEY_NOT_GIVEN: "apiKey cannot be null or empty" names the key, not a field
   * of the request). Read by every row that reads a settled request error in words with no status.
   */
  private static boolean notTheRequest(Facts f) {
    return namesTheAnswer(f)
        || f.says(NOT_THE_REQUEST_AT_FAULT)
        || f.says(TIMED_OUT_NAMED)
        || f.saysPattern(KEY_NOT_GIVEN);
  }

  /**
   * Whether the words name a settled request error (REQUEST_WORDING, HISTORY_SHAPE_WORDING, an
   * input named empty that nothing could be generated from: NOTHING_TO_SEND, more items than a
   * request or batch takes: ITEMS_PER_REQUEST, an image the request links to that could not be
   * fetched: MEDIA_UNREACHABLE) and put the fault on the request: not a short window's wait, not
   * the answer, the app's own fault or a key not given ({@link #notTheRequest}). Read with no
   * status (row in_band.request_invalid) and under a 5xx only an SDK's class stands for (row
   * request.server_refusal_words).
   */
  private static boolean wordsSayRequestInvalid(Facts f) {
    return (f.says(REQUEST_WORDING)
            || f.says(HISTORY_SHAPE_WORDING)
            || f.saysPattern(NOTHING_TO_SEND)
            || f.saysPattern(ITEMS_PER_REQUEST)
            || f.saysPattern(MEDIA_UNREACHABLE))
        && !namesShortWindow(f)
        && !notTheRequest(f);
  }

  /**
   * Whether the words name a window of a minute or a second, or a few of them counted
   * (SHORT_WINDOW_WORDING, SHORT_WINDOW_COUNTED): a limit over it passes.
   */
  private static boolean namesShortWindow(Facts f) {
    return f.says(SHORT_WINDOW_WORDING) || f.saysPattern(SHORT_WINDOW_COUNTED);
  }

  // An image or other media the request links to, named not fetched or not reachable ("The API
  // provider was unable to fetch one or more images", "Image URL is not reachable", "Could not
  // retrieve the image at the given URL"): the same link fails on every route until it is fixed.
  static final Words MEDIA_UNREACHABLE =
      Words.of(
          Clause.of(
              "\\b(?:unable to|could not|couldn't|cannot|can't|failed to) (?:fetch|download|retrieve"
                  + "|access) (?:the |one or more |an? )?(?:images?|image urls?|media|media urls?)\\b"
                  + "|\\b(?:image|media)(?: urls?)? (?:is|are|was|were) not (?:reachable|accessible"
                  + "|downloadable)\\b",
              "fetch",
              "download",
              "retrieve",
              "access",
              "reachable"));

  // The field left null or empty, required or of the wrong type is the key, a token or the
  // credentials ("apiKey cannot be null or empty", "The API key must not be null", "Dify API Key
  // 不能为空", "MWS Token is required", "credential is required for AzureAIChatCompletionClient",
  // "OpenAI API key must be a string"), or one the client could not find: a key not given, read by
  // the auth rows, not a request's field.
  static final Words KEY_NOT_GIVEN =
      Words.of(
          Clause.of(
              "\\b(?:api[ _-]?key|api[ _-]?token|access[ _-]?token)'?\\s*(?:(?:value )?(?:must not|cannot|may not) be (?:null|empty|blank)"
                  + "|不[能可][为為]空|must be (?:a string|provided|set)\\b)"
                  + "|\\b(?:api[ _-]?key|token|credentials?|authentication key)'? (?:is|are) required\\b",
              "key",
              "token",
              "credential"),
          // …or a key or token the client could not find where it looks for one (google-genai's
          // "Could not resolve API token from the environment")
          Clause.of(
              "\\b(?:could not|couldn't|cannot|can't|unable to|failed to) (?:resolve|find|load|locate"
                  + "|determine) (?:the |an? |your )?(?:api[ _-]?key|api[ _-]?token|access[ _-]?token"
                  + "|credentials?)\\b",
              "could not",
              "couldn't",
              "cannot",
              "can't",
              "unable to",
              "failed to"));

  /**
   * Whether {@code words} name a rate limit that was hit, not a rate limit's usage reported as a
   * field of an answer (RATE_USAGE_REPORTED). Read by every row that reads a rate limit in words.
   */
  private static boolean saysRateLimited(Facts f, List<String> words) {
    return f.says(words) && !f.says(RATE_USAGE_REPORTED);
  }

  /**
   * Whether the words name the account's money or allowance (ACCOUNT_NOUNS_SHARED, or {@link
   * #namesAccountOnly}).
   */
  private static boolean namesAccount(Facts f) {
    return f.says(ACCOUNT_NOUNS_SHARED) || namesAccountOnly(f);
  }

  /**
   * Whether the words name the account's money or allowance in words a rate limit is not spoken of
   * in (ACCOUNT_NOUNS, BALANCE_NAMED, or an app's sentence about it: QUOTA_HINTS).
   */
  private static boolean namesAccountOnly(Facts f) {
    return f.says(ACCOUNT_NOUNS) || f.saysPattern(BALANCE_NAMED) || f.saysPattern(QUOTA_HINTS);
  }

  /**
   * Whether the account's words are about something else: a plan that leaves a model out, a
   * per-minute window, a request's token or time budget, access its holder switched off
   * (ACCESS_DISABLED_BY_HOLDER). Read wherever the account's nouns decide (rows
   * in_band.account_words, account.words_429).
   */
  private static boolean notTheAccountsState(Facts f) {
    return f.says(PLAN_EXCLUDES_MODEL)
        || f.says(PER_MINUTE_NAMED)
        || f.says(BUDGET_NOT_THE_ACCOUNTS)
        || f.saysPattern(ACCESS_DISABLED_BY_HOLDER);
  }

  // The status-less rows' readings of a meaning in its plainest words, in every language they
  // cover: read with no status (rows in_band.*) and, for the meanings a status does not take away,
  // under one (rows size.context_words_with_status, content.words_4xx, gone.model_words_4xx).

  /** An overflow (CONTEXT_HINTS), not a moderation system's advice nor what is never the window. */
  private static boolean readsOverflow(Facts f) {
    return f.saysPattern(CONTEXT_HINTS) && !f.says(MODERATION_NAMED) && !namesNotTheWindow(f);
  }

  /** A model unknown or not served (MODEL_HINTS), unless {@link #notAModelGone}. */
  private static boolean readsModelMissing(Facts f) {
    return f.saysPattern(MODEL_HINTS) && !notAModelGone(f);
  }

  /**
   * Whether words that name a model gone are about something else: the app's own fault, a model
   * named with the tasks it does serve (there for another request), or a tool the model's answer
   * called that does not exist (TOOL_CALLED_UNDECLARED).
   */
  private static boolean notAModelGone(Facts f) {
    return f.says(NOT_THE_REQUEST_AT_FAULT)
        || f.says(OTHER_TASK_SERVED)
        || f.saysPattern(TOOL_CALLED_UNDECLARED);
  }

  /** A model, an agent or a thread retired (RETIRED_HINTS), not what is never retired. */
  private static boolean readsRetired(Facts f) {
    return f.saysPattern(RETIRED_HINTS) && !f.says(NOT_WHAT_RETIRED);
  }

  /** A refusal (CONTENT_HINTS), not a moderation model named by its id. */
  private static boolean readsRefusal(Facts f) {
    return f.saysPattern(CONTENT_HINTS) && !f.says(MODERATION_MODEL_NAMED);
  }

  // A content-policy refusal in the provider's code or in words.
  private static boolean saysContentRefusal(Facts f) {
    return (f.hasToken(CONTENT_CODES) || f.says(CONTENT_WORDING) || f.saysPattern(CONTENT_PATTERN))
        && !f.says(REQUEST_ECHOED_BY_VALIDATION);
  }

  /**
   * The first row whose predicate holds — unless that row is the 500's own or any other transient
   * status's (GENERIC_5XX_ROWS) and the status is only what a generic API error class stands for
   * ({@link Facts#statusOnlyAGenericClassSays}: "litellm.APIError: Invalid 'messages[3].content':
   * empty array"): then the message is read as if no status were given, and where that reading is a
   * settled cause ({@link #settles}) and the words do not also name the server's own failure
   * (SERVER_FAILURE_NAMED: "the worker crashed"), it decides. The class says a call failed; the
   * words say why. Where they name no settled cause, or the server's own failure, the 500 stands.
   */
  static Decision first(Facts facts) {
    Rule first = firstOf(RULES, facts);
    if (first == null) {
      throw new AssertionError("the last row matches everything");
    }
    if (GENERIC_5XX_ROWS.contains(first.id()) && facts.statusOnlyAGenericClassSays()) {
      Facts bare = facts.withoutStatus();
      Rule read = firstOf(IN_BAND, bare);
      if (read != null && settles(read) && !SERVER_FAILURE_NAMED.when().test(bare)) {
        return new Decision(read, bare);
      }
    }
    return new Decision(first, facts);
  }

  /** The row that decided and the facts it held for (the status set aside: {@link #first}). */
  record Decision(Rule rule, Facts facts) {}

  private static Rule firstOf(List<Rule> rules, Facts facts) {
    for (Rule r : rules) {
      if (r.when().test(facts)) {
        return r;
      }
    }
    return null;
  }

  private static List<Rule> table() {
    List<Rule> t = new ArrayList<>();
    // 1. FailureEvidence.streamStarted (set by the client): visible output reached the caller.
    //    Whatever the error, nothing may be re-sent.
    t.add(row("stream.after_visible_output", Facts::streamStarted, STREAM_INTERRUPTED, FINAL, YES));
    // 1. A 2xx, or a client's printout with no status, that is a model's answer holding nothing
    //    (no text, tool call or refusal; no block reason): an empty answer, before any rule reads
    //    the answer's keys ("content": "", "finish_reason": "stop") as an error's words.
    t.add(
        row(
            "empty.blank_answer",
            f ->
                (f.success() || f.noStatus())
                    && f.error().answerBlank()
                    && f.error().blockReason() == null,
            EMPTY_RESPONSE,
            RETRY,
            YES));

    // 2. Account state, even on 429. The status line: 402 Payment Required.
    t.add(row("account.status_402", f -> f.statusOrLineIs(402), QUOTA_EXHAUSTED, FINAL, NO));
    // 2. The provider's error type/code/reason: OpenAI insufficient_quota, LiteLLM
    //    BudgetExceededError, Bedrock ServiceQuotaExceededException…
    t.add(
        row(
            "account.error_code",
            f -> f.hasToken(ACCOUNT_CODES) && !f.says(PER_MINUTE_NAMED),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));
    // 2. Google: error.status RESOURCE_EXHAUSTED with a google.rpc.QuotaFailure in error.details,
    //    unless its RetryInfo says to retry within a minute (a per-minute quota: a window) and the
    //    limit is not 0.
    t.add(
        row(
            "account.google_quota_failure",
            f ->
                f.hasToken(GOOGLE_EXHAUSTED)
                    && f.error().quotaFailure()
                    && (!f.retriesWithinAMinute() || f.says(ZERO_LIMIT_WORDING)),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));
    // 2. The upstream's message or body text, on any status or none: balance, credit, billing,
    //    arrears or budget wording (English and Chinese: 余额不足, 欠费, 充值…); or a generic
    //    "quota exceeded" unless the quota it names resets within the minute (then it is a rate
    //    limit: Vertex "Quota exceeded for …requests_per_minute…"). Not when waiting passes it
    //    ("Please retry in 12s" with plans-and-billing boilerplate: Google's free tier), nor when
    //    the words say nothing was charged.
    t.add(
        row(
            "account.wording",
            f ->
                (f.says(ACCOUNT_WORDING)
                        || f.saysPattern(ACCOUNT_PATTERN)
                        || (!namesShortWindow(f)
                            && (f.says(QUOTA_WORDING) || f.saysPattern(QUOTA_SPENT_PATTERN))))
                    && !f.says(NOT_CHARGED_WORDING)
                    && !f.says(ACCOUNT_ADVICE_ONLY)
                    && !f.says(PER_MINUTE_NAMED)
                    && !f.says(REASONING_WITHOUT_ANSWER)
                    && !waitingPasses(f),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));
    // 2. A failure, with any status or none, whose wording names a cap that resets only after
    //    hours or more: per-day / per-week / per-month limits, usage limits with a reset time,
    //    spend limits, "extra usage", plan allowances (Groq TPD, Bedrock "tokens per day", Kimi
    //    "TPD rate limit", xAI monthly spending limit, Claude "usage limit reached", Copilot
    //    "premium request allowance", Zhipu 今日调用次数). Waiting seconds will not help; the
    //    route cools down instead.
    t.add(
        row(
            "account.cap_wording",
            f ->
                f.failure()
                    && (f.says(CAP_WORDING)
                        || (!namesShortWindow(f)
                            && !f.says(OFFERS_WAIT_WORDING)
                            && !f.says(CAPACITY_NAMED)
                            && f.saysPattern(CAP_PATTERN)
                            && !waitingPasses(f)))
                    && !f.saysPattern(PAYLOAD_PATTERN)
                    && !f.says(CONTEXT_WINDOW_NAMED)
                    && !f.says(MODEL_GONE_PHRASES)
                    && !f.says(RATE_LIMIT_REACHED_CLASS)
                    && !f.says(UNUSABLE_ANSWER_WORDING)
                    && !f.says(PLAN_EXCLUDES_MODEL)
                    && !f.says(PER_MINUTE_NAMED)
                    && !f.says(NOT_THE_ACCOUNT),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));

    // 3. Auth. The status line: 401 Unauthorized.
    t.add(row("auth.status_401", f -> f.statusOrLineIs(401), AUTH_FAILED, FINAL, NO));
    // 3. The error type/code/reason: authentication_error, invalid_api_key, API_KEY_INVALID…
    t.add(row("auth.error_code", f -> f.hasToken(AUTH_CODES), AUTH_FAILED, FINAL, NO));
    // 3. The upstream's message: invalid or expired key wording, even on 400/429. Not when the
    //    words ask that terms be accepted first (the key is good, its use is not yet allowed), nor
    //    when the error wrapped names a validation type (a client calling any 400 "authentication
    //    failed"), nor when the status is a proxy's 407, whose words are the proxy's, not the key's
    //    (row connect.proxy_auth_407), nor when the key could not be checked because the server's
    //    database query failed (DATABASE_QUERY_FAILED).
    t.add(
        row(
            "auth.wording",
            f ->
                (f.says(AUTH_WORDING) || f.saysPattern(AUTH_PATTERN))
                    && !f.statusIs(407)
                    && !f.saysPattern(TERMS_PATTERN)
                    && !f.hasToken(REQUEST_CODES)
                    && !f.says(RATE_LIMITED_CODE_NAMED)
                    && !f.says(SESSION_DURATION_NAMED)
                    && !f.says(TEXT_TOKEN_NAMED)
                    && !f.saysPattern(DATABASE_QUERY_FAILED)
                    && !f.saysPattern(KEY_VALID_MODEL_REFUSED),
            AUTH_FAILED,
            FINAL,
            NO));
    // 3. A 403 whose words name a content-policy refusal (xAI's "Content violates usage
    //    guidelines" sent as 403): the request is refused, not the key or the account.
    t.add(
        row(
            "content.status_403",
            f -> f.statusIs(403) && saysContentRefusal(f),
            CONTENT_FILTERED,
            FINAL,
            YES));
    // 3. The status line: 403 Forbidden.
    t.add(row("auth.status_403", f -> f.statusIs(403), PERMISSION_DENIED, FINAL, NO));
    // 3. 451 Unavailable For Legal Reasons: the caller's region or jurisdiction is refused, a
    //    permission the account cannot get by retrying.
    t.add(row("auth.status_451", f -> f.statusIs(451), PERMISSION_DENIED, FINAL, NO));
    // 3. Permission codes sent with another status: Bedrock AccessDeniedException, Moonshot
    //    permission_denied_error, OpenAI unsupported_country_region_territory, Zhipu 1220/1311.
    t.add(
        row(
            "auth.permission_code",
            f -> f.hasToken(PERMISSION_CODES),
            PERMISSION_DENIED,
            FINAL,
            NO));
    // 3. Permission wording on any status: Gemini's 400 FAILED_PRECONDITION "User location is not
    //    supported", Bedrock "You don't have access to the model", "Model access is denied".
    t.add(
        row(
            "auth.permission_wording",
            f ->
                f.says(PERMISSION_WORDING)
                    || f.saysPattern(PERMISSION_PATTERN)
                    || f.saysPattern(TERMS_PATTERN),
            PERMISSION_DENIED,
            FINAL,
            NO));

    // 4. Request size. The status line: 413 Content Too Large (a body-size limit at the edge) —
    //    unless its words count tokens against the model's window ("input must have less than 8192
    //    tokens", context_length_exceeded): then the rows below read it as the overflow it is, and
    //    a larger window may serve it. Bytes are an edge's limit whatever else is said.
    t.add(
        row(
            "size.status_413",
            f -> f.statusIs(413) && !countsTokensAgainstWindow(f),
            REQUEST_TOO_LARGE,
            FINAL,
            NO));
    // 4. A definitive 4xx whose code or message is about the context window. Not words that name
    //    the history's shape without a context code: OpenAI's "'messages[2].tool_calls[0].id':
    //    string too long … maximum length 40" is about an id (row request.history_shape).
    t.add(
        row(
            "size.context_window",
            f ->
                f.definitive4xx()
                    && (f.hasToken(CONTEXT_CODES)
                        || !f.says(HISTORY_SHAPE_WORDING)
                            && !countsOnlyBytes(f)
                            && !f.hasToken(PAYLOAD_CODES)
                            && saysContextWords(f)),
            CONTEXT_LENGTH_EXCEEDED,
            FINAL,
            YES));

    // 4. No status, a 5xx or a status only a generic type stands for, and the words say the
    //    context window overflowed: an SDK's or CLI's message (vLLM "maximum context length",
    //    llama.cpp "exceeds the available context size", TGI "`inputs` tokens + `max_new_tokens`
    //    must be <=", Bedrock "Input is too long", DashScope "Range of input length", Zhipu
    //    "Prompt 超长"), or a relay that sent the overflow as a 500. Not when the words name a
    //    per-minute window or ask to wait: that is a throttle counting tokens.
    t.add(
        row(
            "size.context_wording",
            f ->
                f.statusLeavesMeaningToWords()
                    && !f.says(THROTTLE_WORDING)
                    && !f.says(TIMED_OUT_NAMED)
                    && !f.says(REASONING_WITHOUT_ANSWER)
                    && (f.hasToken(CONTEXT_CODES)
                        || !f.says(HISTORY_SHAPE_WORDING)
                            && !countsOnlyBytes(f)
                            && saysContextWords(f)),
            CONTEXT_LENGTH_EXCEEDED,
            FINAL,
            YES));

    // 4. A URL the client could not use, where the status leaves the meaning to the words (httpx's
    //    "Request URL is missing an 'http://' or 'https://' protocol" inside an app's 500,
    //    reqwest's "relative URL without a base", Java's "Illegal character in scheme name"): the
    //    endpoint as configured is wrong, and sending it again fails the same way.
    t.add(
        row(
            "request.url_words",
            f -> f.statusLeavesMeaningToWords() && f.says(URL_UNUSABLE_WORDING),
            REQUEST_INVALID,
            FINAL,
            YES));

    // 4. A payload over a size limit in bytes or characters, in words, where the status is a
    //    definitive 4xx or leaves the meaning to the words (an SDK's or CLI's message).
    t.add(
        row(
            "size.payload_wording",
            f ->
                (f.definitive4xx() || f.statusLeavesMeaningToWords() || f.statusIs(429))
                    && (f.saysPattern(PAYLOAD_PATTERN)
                        || f.hasToken(PAYLOAD_CODES)
                            && !f.says(HISTORY_SHAPE_WORDING)
                            && !f.saysPattern(FIELD_LENGTH_LIMIT)),
            REQUEST_TOO_LARGE,
            FINAL,
            NO));

    // 5. A definitive 4xx whose code or message is a content-policy refusal.
    t.add(
        row(
            "content.policy",
            f -> f.definitive4xx() && saysContentRefusal(f),
            CONTENT_FILTERED,
            FINAL,
            YES));
    // 5. The same refusal in words where the status leaves the meaning to them (an SDK message,
    //    a relay's 500: DashScope "Input data may contain inappropriate content").
    t.add(
        row(
            "content.policy_wording",
            f ->
                f.statusLeavesMeaningToWords()
                    && saysContentRefusal(f)
                    && !f.says(NO_ENDPOINT_MATCHES),
            CONTENT_FILTERED,
            FINAL,
            YES));

    // 6. Model gone. The status line: 404 Not Found, 410 Gone.
    t.add(row("gone.status_404_410", f -> f.statusIn(404, 410), NOT_FOUND, FINAL, NO));
    // 6. The error code (model_not_found, model_decommissioned) or "model … does not exist" —
    //    not a tool the model's answer called that does not exist (TOOL_CALLED_UNDECLARED).
    t.add(
        row(
            "gone.model_wording",
            f ->
                !f.hasToken(WRONG_API_CODES)
                    && !f.says(OTHER_TASK_SERVED)
                    && (f.hasToken(MODEL_GONE_CODES)
                        || f.saysModelGone()
                        || f.says(MODEL_GONE_PHRASES)
                        || f.saysPattern(ENDPOINT_GONE_PATTERN))
                    && !f.saysPattern(TOOL_CALLED_UNDECLARED),
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

    // 8. A 4xx that only a generic type stands for (Mistral's "Service tier capacity exceeded"
    //    typed invalid_request_error, no status line) whose words say overloaded: the type is an
    //    envelope, the words name the state.
    // 8. The same for the server's own failure named outright (Groq's stream error "The server had
    //    an error processing your request", typed invalid_request_error).
    t.add(
        row(
            "in_band.server_envelope",
            f -> f.definitive4xxOfTokenOnly() && f.says(SERVER_FAILED_WORDING),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));
    t.add(
        row(
            "in_band.overloaded_envelope",
            f -> f.definitive4xxOfTokenOnly() && f.says(OVERLOADED_WORDING),
            OVERLOADED,
            RETRY,
            UNKNOWN));
    // 8. A definitive 4xx whose words name the shape of the history: a tool-call id, a thinking or
    //    thought signature, reasoning_content, the order of roles, a tool result without its call
    //    (the providers' own errors: HISTORY_SHAPE_WORDING). request_invalid, but repairable: the
    //    same route is sent the history once more in its strictest form (docs/design.md §13).
    t.add(
        new Rule(
            "request.history_shape",
            f -> f.definitive4xx() && !f.hasToken(CONTEXT_CODES) && f.says(HISTORY_SHAPE_WORDING),
            new Verdict(REQUEST_INVALID, FINAL, YES, true)));
    // 8. A definitive 4xx from a gateway whose words say the provider behind it did not answer
    //    (Cloudflare AI Gateway's 400 "Failed to get response from provider"): the gateway's
    //    status, not the request, is what failed.
    t.add(
        row(
            "transient.upstream_failed_4xx",
            f ->
                f.definitive4xx()
                    && f.says(UPSTREAM_FAILED_WORDING)
                    && !f.hasToken(UPSTREAM_REFUSED_REQUEST_CODES),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));
    // 8. 407 Proxy Authentication Required: the caller's own proxy refused the tunnel, so the
    //    provider was never reached (as a proxy's failed CONNECT, row transient.proxy_words); and
    //    every route behind that proxy is refused the same way until its credentials are set.
    t.add(row("connect.proxy_auth_407", f -> f.statusIs(407), CONNECTION_FAILED, FINAL, NO));
    // 8. A definitive 4xx, or a relay's 500 or 502, that no row above read, whose words say in the
    //    status-less rows' terms that the context window overflowed (CONTEXT_HINTS: "对话过长，请开启
    //    新对话", "La entrada es demasiado larga para este modelo" behind "Error code: 400 - "): a
    //    status that only says the request was refused, or that something failed, does not make
    //    the overflow a settled request error or a server's fault; a larger window may serve it.
    //    Not what the window rows never read (bytes or pixels, the history's shape, a moderation
    //    system named, a field's short length, a settled request error in words), nor, under a
    //    500, a throttle or a wait that timed out (as size.context_wording).
    t.add(
        row(
            "size.context_words_with_status",
            f ->
                (f.definitive4xx()
                        || f.statusIn(500, 502)
                            && !f.says(THROTTLE_WORDING)
                            && !f.says(TIMED_OUT_NAMED))
                    && readsOverflow(f)
                    && !f.says(HISTORY_SHAPE_WORDING)
                    && !countsOnlyBytes(f)
                    && !wordsSayRequestInvalid(f),
            CONTEXT_LENGTH_EXCEEDED,
            FINAL,
            YES));
    // 8. …and a refusal in the status-less rows' terms (CONTENT_HINTS: "消息内容被安全系统拦截，请修改后重试"),
    //    unless a moderation model or the request's own safety settings are what is named, or
    //    something is named invalid ("invalid moderation request"): another provider's filter may
    //    pass what this one refused.
    t.add(
        row(
            "content.words_4xx",
            f ->
                f.definitive4xx()
                    && readsRefusal(f)
                    && !f.says(SAFETY_SETTING_NAMED)
                    && !f.saysPattern(INVALID_WORDS_LAST),
            CONTENT_FILTERED,
            FINAL,
            YES));
    // 8. …and a model named unknown, not served or retired in the status-less rows' terms
    //    (MODEL_HINTS, RETIRED_HINTS: "Das Modell … ist nicht verfügbar.", "Model … is no longer
    //    hosted on the serverless Inference API"), the 400 a relay sends for it: another route may
    //    serve the model, and this one is remembered as retired.
    t.add(
        row(
            "gone.model_words_4xx",
            f ->
                f.definitive4xx()
                    && (readsModelMissing(f) || readsRetired(f) && !notAModelGone(f))
                    && !wordsSayRequestInvalid(f),
            NOT_FOUND,
            FINAL,
            NO));
    // 8. Any other definitive 4xx (every 4xx but 408, 409, 425, 429), whatever the body says.
    t.add(row("request.definitive_4xx", Facts::definitive4xx, REQUEST_INVALID, FINAL, YES));

    // 8. A 500 or 502, or a 5xx only an SDK's class stands for, whose words say the server refused
    //    the request itself (llama.cpp's "Unsupported param: tools" and "tools param requires
    //    --jinja flag" sent as 500, Qianfan's APIError "can't be blank"), or a gateway's 500 that
    //    wraps the provider's invalid_request_error about the history's shape ("`tool_use` ids were
    //    found without `tool_result` blocks"): re-sent, it is refused the same way.
    t.add(
        row(
            "request.server_refusal_words",
            f ->
                (f.statusIn(500, 502) || f.statusOfTokenOnly() && f.transientStatus())
                        && (f.says(SETTLED_REQUEST_WORDING)
                            || f.hasToken(UPSTREAM_REFUSED_REQUEST_CODES)
                                && f.says(HISTORY_SHAPE_WORDING))
                    || onlyAClassSays5xx(f) && wordsSayRequestInvalid(f) && !f.says(SERVER_WORDING),
            REQUEST_INVALID,
            FINAL,
            YES));

    // 9. Transient statuses: 408, 409, 425, 429, every 5xx but 501 and 505 (incl. Cloudflare
    //    520–527, 529, 598, 599). Rate limiters and load shedders turn a request away unread.
    t.add(row("transient.status_529", f -> f.statusIs(529), OVERLOADED, RETRY, NO));
    // 9. A transient status whose error code says overloaded, even on 429: Moonshot's
    //    engine_overloaded_error, Google's MODEL_CAPACITY_EXHAUSTED, Zhipu 1312. The code is
    //    the provider's own word for it; the status only says "retry".
    t.add(
        row(
            "transient.overloaded_code",
            f -> f.transientStatus() && f.hasToken(OVERLOADED_CODES),
            OVERLOADED,
            RETRY,
            NO));
    // 9. A 429 whose words say the model is overloaded, not that the caller sent too much
    //    (OpenAI's "That model is currently overloaded with other requests", sent as a 429 and
    //    raised by its SDK as RateLimitError).
    t.add(
        row(
            "transient.overloaded_429",
            f -> f.statusIs(429) && f.says(SERVER_LOAD_WORDING) && !f.says(THROTTLE_WORDING),
            OVERLOADED,
            RETRY,
            NO));
    // 9. A 429 that only an SDK's class stands for (RateLimitError) whose words say the server
    //    failed ("The server had an error while processing your request", OpenAI's 500 text): the
    //    client chose the class, the words say what happened.
    t.add(
        row(
            "transient.server_words",
            f -> f.statusOfTokenOnly() && f.statusIs(429) && f.says(SERVER_FAILED_WORDING),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));
    // 9. A 429 from a relay whose words name a content block in the provider's own terms (one-api's
    //    429 around Gemini's "blocked: prompt: BlockedReasonProhibitedContent"): the relay's
    //    status contradicts the refusal it carries.
    t.add(
        row(
            "content.relay_429",
            f -> f.statusIs(429) && (f.hasToken(CONTENT_CODES) || f.saysPattern(CONTENT_PATTERN)),
            CONTENT_FILTERED,
            FINAL,
            YES));
    // 9. A 429 from a relay around the upstream's settled request error: typed
    //    invalid_request_error and worded as a server's refusal of the request
    //    (SETTLED_REQUEST_WORDING: "`temperature` and `top_p` cannot both be specified for this
    //    model"). The relay's status contradicts the refusal it carries, which every route gives
    //    the same request. The type alone is not enough (Fireworks types its 429 rate limits
    //    invalid_request_error too), nor when a rate limit, a throttle or a short window is named.
    t.add(
        row(
            "request.relay_429",
            f ->
                f.statusIs(429)
                    && f.hasToken(UPSTREAM_REFUSED_REQUEST_CODES)
                    && f.says(SETTLED_REQUEST_WORDING)
                    && !notTheRequest(f)
                    && !f.says(RATE_LIMIT_NAMED)
                    && !f.says(THROTTLE_WORDING)
                    && !namesShortWindow(f),
            REQUEST_INVALID,
            FINAL,
            YES));
    // 9. A 429 whose words name the account's money in the status-less rows' terms ("Nicht
    //    genügend Credits.", "Проверьте тарифный план и платёжные данные", a relay's 429 around an
    //    exhausted balance): the account's state, cooled, not retried. Not a quota named alone,
    //    which a rate limit is spoken of in too (Google's "Resource has been exhausted (e.g. check
    //    quota)"), nor with a rate limit, a throttle or a short window named, nor when waiting
    //    passes it (Gemini's free tier: "… check your plan and billing details. … Please retry in
    //    56s").
    t.add(
        row(
            "account.words_429",
            f ->
                f.statusIs(429)
                    && namesAccountOnly(f)
                    && !f.says(RATE_LIMIT_NAMED)
                    && !f.says(THROTTLE_WORDING)
                    && !namesShortWindow(f)
                    && !notTheAccountsState(f)
                    && !waitingPasses(f),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));
    t.add(row("transient.status_429", f -> f.statusIs(429), RATE_LIMITED, RETRY, NO));
    // 9. A transient status whose message says overloaded / no deployments / high demand.
    t.add(
        row(
            "transient.overloaded",
            f ->
                f.transientStatus()
                    && (f.says(OVERLOADED_WORDING) || f.saysPattern(MODEL_WARMING_UP))
                    && !f.says(GENERIC_500_WORDING),
            OVERLOADED,
            RETRY,
            NO));
    // 9. A 500 whose words name a rate limit, or a 503 that names one outright ("503 Service
    //    Unavailable: Rate limit exceeded"): a gateway's 500 around an upstream's 429 (Azure APIM
    //    "429 Rate limit is exceeded. Try again in 11 seconds."), a generic SDK class's 500
    //    (ERNIE's APIError 访问过于频繁). The 500 only says something failed, the words say what.
    //    (A ServiceUnavailableError's "too many connections" stays the server's trouble.)
    t.add(
        row(
            "transient.rate_words",
            f ->
                (f.statusIs(500) && saysRateLimited(f, RATE_WORDING))
                    || (f.statusIs(503) && saysRateLimited(f, RATE_LIMIT_NAMED)),
            RATE_LIMITED,
            RETRY,
            UNKNOWN));
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
    // 9. A 5xx that only an SDK's class stands for (openai.InternalServerError, litellm.APIError)
    //    whose words say the connection failed ("Connection error.", "actively refused it"): the
    //    words name what happened, the class only that the client gave up. Not an error document's
    //    own type (LM Studio's internal_error "… fetch failed"): the server answered.
    t.add(
        row(
            "transient.connection_words",
            f -> onlyAClassSays5xx(f) && f.says(CONNECTION_WORDING),
            CONNECTION_FAILED,
            RETRY,
            UNKNOWN));
    // 9. The same for an answer with nothing usable in it ("litellm.APIError: Received empty
    //    response from model. choices=[]", Kilo's APIError "The provider repeatedly ended the
    //    response before returning usable output"): another route may answer. Not an input named
    //    empty that nothing could be generated from (NOTHING_TO_SEND, as in_band.empty_words).
    t.add(
        row(
            "transient.empty_words",
            f ->
                onlyAClassSays5xx(f)
                    && (f.says(EMPTY_WORDING) || f.saysPattern(EMPTY_HINTS))
                    && !f.saysPattern(NOTHING_TO_SEND),
            EMPTY_RESPONSE,
            RETRY,
            YES));
    // 9. A 500 whose words say the server's own call timed out (Flowise's "Request timed out", a
    //    proxy's "net/http: TLS handshake timeout"): a silent upstream, not a failed answer.
    t.add(
        row(
            "transient.timeout_words",
            f -> f.statusIs(500) && f.says(TIMEOUT_WORDING),
            TIMEOUT,
            RETRY,
            UNKNOWN));
    // 9. A 5xx printed inside a client's proxy failure ("Cannot connect to proxy … Tunnel
    //    connection failed: 500"): the proxy's answer to the tunnel, so the provider was never
    //    reached.
    t.add(
        row(
            "transient.proxy_words",
            f -> f.statusIn(500, 502, 503) && f.says(PROXY_FAILED_WORDING),
            CONNECTION_FAILED,
            RETRY,
            NO));
    // 9. A transient 5xx whose words say the server could not parse the tool call the model wrote
    //    (Ollama's "error parsing tool call: invalid character ']' after object key:value pair",
    //    llama.cpp's "Failed to parse tool call arguments as JSON"): the model's answer was
    //    malformed, and another attempt may write it whole.
    t.add(
        row(
            "transient.tool_call_unparsed",
            f -> f.transientStatus() && f.status() >= 500 && f.saysPattern(TOOL_CALL_UNPARSED),
            EMPTY_RESPONSE,
            RETRY,
            YES));
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
    // event, a gateway's wrapped message, an SDK's or CLI's message): a settled request error in
    // words first (evidence order 8 before 9), the history's shape among them ("Found AIMessages
    // with tool_calls that do not have a corresponding ToolMessage"), then transient wording, after
    // the account, auth, size, content and model rows.
    t.add(
        row(
            "in_band.request_invalid",
            f -> f.noStatus() && wordsSayRequestInvalid(f),
            REQUEST_INVALID,
            FINAL,
            YES));
    // Load named in words, unless a rate limit is named too (LiteLLM's RouterRateLimitError "No
    // deployments available": the caller's rate) or the words say it timed out (the load is then
    // only the app's guess at why: "服务器仍然响应超时，这有极有可能是openai服务器处于繁忙状态").
    // A service named unavailable with no status is turning requests away for now ("Service
    // unavailable. Please try again later"), unless an upstream is what is unavailable (a relay's
    // "Upstream service unavailable": its own failure); beside a 5xx the same words are only the
    // status's reason phrase ("503 Service Unavailable"), read by the status rows.
    t.add(
        row(
            "in_band.overloaded",
            f ->
                f.noStatus()
                    && (f.says(OVERLOADED_WORDING)
                        || f.says(SERVICE_UNAVAILABLE_WORDING) && !f.says(UPSTREAM_NAMED))
                    && !f.says(RATE_LIMIT_NAMED)
                    && !f.says(TIMEOUT_WORDING),
            OVERLOADED,
            RETRY,
            UNKNOWN));
    t.add(
        row(
            "in_band.rate_limited",
            f -> f.noStatus() && saysRateLimited(f, RATE_WORDING) && !f.says(EMPTY_WORDING),
            RATE_LIMITED,
            RETRY,
            UNKNOWN));
    // A quota or capacity named spent that resets within seconds ("Your quota will reset after
    // 5s"): a short window, whatever it is called.
    t.add(
        row(
            "in_band.short_reset",
            f -> f.noStatus() && f.saysPattern(SHORT_RESET_PATTERN) && !f.says(TIMEOUT_WORDING),
            RATE_LIMITED,
            RETRY,
            UNKNOWN));
    // A connection that could not be opened, even if the words also say it timed out ("Cannot
    // connect to host … [semaphore timeout]", "connect timeout"): a connect-phase failure, which
    // never reached the model (docs/design.md §4, 10).
    t.add(
        row(
            "in_band.connect_failed",
            f ->
                f.noStatusSays(CONNECT_FAILED_WORDING)
                    || f.noStatus() && f.saysPattern(CONNECT_TIMED_OUT),
            CONNECTION_FAILED,
            RETRY,
            NO));
    t.add(row("in_band.timeout", f -> f.noStatusSays(TIMEOUT_WORDING), TIMEOUT, RETRY, UNKNOWN));
    t.add(
        row(
            "in_band.connection",
            f ->
                (f.noStatusSays(CONNECTION_WORDING)
                        || f.noStatus() && f.saysPattern(NODE_DNS_FAILURE))
                    && !f.says(SERVER_FAILED_WORDING)
                    && !f.says(LOCAL_FILE_FAULT)
                    && !f.says(UNUSABLE_ANSWER_WORDING),
            CONNECTION_FAILED,
            RETRY,
            UNKNOWN));
    // A client that crashed reaching into the answer for what was not there: an empty answer,
    // before the server or the program's own error those words would otherwise read as.
    t.add(
        row(
            "in_band.answer_missing",
            f -> f.failure() && f.noStatus() && f.saysPattern(ANSWER_ACCESS_FAILED),
            EMPTY_RESPONSE,
            RETRY,
            YES));
    // (and a database query that failed, read before the key or the administrator the same
    // message names: "Invalid token, database query error, please contact administrator")
    t.add(
        row(
            "in_band.server_error",
            f ->
                f.noStatus()
                    && (f.says(SERVER_WORDING) || f.saysPattern(DATABASE_QUERY_FAILED))
                    && !f.says(EMPTY_WORDING),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));
    // The model answered nothing usable, in an SDK's or app's words ("No text generated",
    // "Candidate text empty", "Could not extract reply"): another route may answer.
    t.add(
        row(
            "in_band.empty",
            f -> f.failure() && f.noStatusSays(EMPTY_WORDING),
            EMPTY_RESPONSE,
            RETRY,
            YES));
    // A status-less failure that names an allowance or a limit over a window of a minute or a
    // second ("每分钟 token 配额已用尽", "Token-Kontingent pro Minute überschritten", "Limite de
    // requisições por minuto atingido para esta chave de API"): the window passes, so it is a
    // rate limit, not the account's state or its key.
    t.add(
        row(
            "in_band.window_quota",
            f ->
                f.failure()
                    && f.noStatus()
                    && namesShortWindow(f)
                    && (namesAccount(f) || f.says(LIMIT_NOUNS))
                    && !f.says(ZERO_LIMIT_WORDING),
            RATE_LIMITED,
            RETRY,
            UNKNOWN));

    // The last in-band row: a message with no status that no row above could read, and that names
    //    the account's money or allowance (quota, credits, balance, billing, payment, budget,
    //    subscription; 余额, 额度, クォータ, 残高, 할당량, 잔액, квота, баланс, saldo, guthaben…). A
    //    failure an SDK reports in those words is the account's state more often than anything
    //    else; a route that answers it is cooled, not retried.
    t.add(
        row(
            "in_band.account_words",
            f -> f.failure() && f.noStatus() && namesAccount(f) && !notTheAccountsState(f),
            QUOTA_EXHAUSTED,
            FINAL,
            NO));

    // After it, a message with no status that no row above could read and that names the key or
    //    the login it failed on (API key, credentials, authentication, 密钥, 令牌…, or a key named by
    //    its provider, whatever the provider is called: PROVIDER_KEY_NAMED): a key problem
    //    far more often than anything else, and retrying it is refused the same way.
    t.add(
        row(
            "in_band.auth_words",
            f ->
                f.failure()
                    && f.noStatus()
                    && (f.says(AUTH_NOUNS)
                        || f.saysPattern(PROVIDER_KEY_NAMED)
                        || f.saysPattern(KEY_NOT_GIVEN))
                    && !f.says(KEY_ADVICE_ONLY)
                    && !f.says(KEY_NAMED_VALID)
                    && !f.saysPattern(MODEL_HINTS)
                    && !f.saysPattern(PERMISSION_HINTS)
                    && !f.saysPattern(CONTEXT_HINTS),
            AUTH_FAILED,
            FINAL,
            NO));

    // A status-less failure that names a capability the request asks for, that it cannot be had,
    //    and the model or the endpoint it cannot be had from ("Agent mode requires a model that
    //    supports tool calling", "JSON モードは gemini-1.0-pro ではサポートされていません"): a
    //    settled request error, read before the last-resort rows, whose "not enabled",
    //    "unavailable" or "не поддерживается" would make it a permission, a load or a missing
    //    model. Not when the account, its plan or its administrator is what keeps it away, nor
    //    when it is the answer that could not be read ("json: cannot unmarshal the model's
    //    structured output").
    t.add(
        row(
            "in_band.capability_words",
            f ->
                f.noStatus()
                    && f.failure()
                    && f.saysPattern(CAPABILITY_NAMED)
                    && f.saysPattern(CAPABILITY_REFUSED)
                    && f.saysPattern(MODEL_OR_ENDPOINT_NAMED)
                    && !f.says(ACCESS_HOLDER_NAMED)
                    && !f.says(DECODING_NAMED)
                    && !notTheRequest(f),
            REQUEST_INVALID,
            FINAL,
            YES));

    // The last-resort rows: a status-less failure message no row above could read, whose words
    //    name what failed in the plainest terms — the window, the model, a permission, a safety
    //    check, the request rate, the server's load, the network, an empty answer (in English and
    //    the languages the corpus has). Read after every specific row, in that order; a message
    //    naming none of them stays unknown.
    // (not a field's length of a few characters, "对话值超过最大长度48", nor what is never the window)
    t.add(
        lastResort(
            "in_band.context_words",
            FailureRules::readsOverflow,
            CONTEXT_LENGTH_EXCEEDED,
            FINAL,
            YES));
    t.add(lastResort("in_band.size_words", SIZE_WORDS_LAST, REQUEST_TOO_LARGE, FINAL, NO));
    // (not the app's own programming fault: NOT_THE_REQUEST_AT_FAULT; nor a model named with the
    // tasks it does serve, which is there for another request: OTHER_TASK_SERVED)
    t.add(lastResort("in_band.model_words", FailureRules::readsModelMissing, NOT_FOUND, FINAL, NO));
    // (a model, an agent or a thread retired, deleted or no longer served, before the load and
    // network rows read "unavailable" or "offline" in it — not a host DNS cannot find, nor a value
    // deprecated with another to use instead: NOT_WHAT_RETIRED)
    t.add(lastResort("in_band.retired_words", FailureRules::readsRetired, NOT_FOUND, FINAL, NO));
    // (a sign-in to renew, a key refused or not given, before a permission: "ask a server admin to
    // update the key" — but not when the words name a policy or a permission, the next two rows'
    // words: "disabled for your organization by an administrator. … sign in with a different
    // account", "The API key doesn't have permission to access model grok-2-vision-1212. Update the
    // key's ACLs")
    t.add(
        lastResort(
            "in_band.signin_words",
            SIGNIN_HINTS,
            f -> f.saysPattern(POLICY_HINTS) || f.saysPattern(PERMISSION_HINTS),
            AUTH_FAILED,
            FINAL,
            NO));
    t.add(lastResort("in_band.permission_words", PERMISSION_HINTS, PERMISSION_DENIED, FINAL, NO));
    t.add(lastResort("in_band.policy_words", POLICY_HINTS, PERMISSION_DENIED, FINAL, NO));
    // (not a moderation model's name: "Please request omni-moderation-latest")
    t.add(
        lastResort(
            "in_band.content_words", FailureRules::readsRefusal, CONTENT_FILTERED, FINAL, YES));
    t.add(lastResort("in_band.rate_words", RATE_HINTS, RATE_LIMITED, RETRY, UNKNOWN));
    t.add(lastResort("in_band.load_words", LOAD_HINTS, OVERLOADED, RETRY, UNKNOWN));
    // (not an input named empty that nothing could be generated from: NOTHING_TO_SEND, read by
    // in_band.invalid_words below)
    t.add(
        lastResort(
            "in_band.empty_words",
            EMPTY_HINTS,
            f -> f.saysPattern(NOTHING_TO_SEND),
            EMPTY_RESPONSE,
            RETRY,
            YES));
    t.add(lastResort("in_band.elapsed_words", ELAPSED_HINTS, TIMEOUT, RETRY, UNKNOWN));
    // (not an app's guess that offers the network as one cause, nor an answer that was not JSON:
    // Pydantic's json_invalid "Invalid JSON: EOF while parsing a string", an answer's content type;
    // nor a local file's error)
    t.add(
        lastResort(
            "in_band.network_words",
            NETWORK_HINTS,
            f ->
                f.says(CONNECTION_ADVICE_ONLY)
                    || f.says(ANSWER_NOT_JSON)
                    || f.says(LOCAL_FILE_FAULT),
            CONNECTION_FAILED,
            RETRY,
            UNKNOWN));
    // …and an answer the client could not read, parse or decode (ANSWER_UNREADABLE: "failed to
    // deserialize api response: missing field `choices`", Swift's DecodingError, "Failed to decode
    // chunk"), once neither a cut connection nor an empty body has said more: another route may
    // answer in a form the client reads
    t.add(lastResort("in_band.unreadable_words", ANSWER_UNREADABLE, EMPTY_RESPONSE, RETRY, YES));
    t.add(lastResort("in_band.server_words", SERVER_HINTS, SERVER_ERROR, RETRY, UNKNOWN));
    // …and last a parameter, a field or a format named wrong, or a field's short length exceeded
    // ("对话值超过最大长度48") — never when the words say it was the answer, not the request, that was
    // malformed ("Provided data: null")
    t.add(
        lastResort(
            "in_band.request_words",
            REQUEST_WORDS_LAST,
            FailureRules::notTheRequest,
            REQUEST_INVALID,
            FINAL,
            YES));
    // …and, after it, a conversation, a page or a chat named not found (GONE_HINTS)
    t.add(lastResort("in_band.gone_words", GONE_HINTS, NOT_FOUND, FINAL, NO));
    // …and, last of the rows that name a cause, a request named wrong in the plainest grammar of
    // validation, with no field, format or template named (INVALID_HINTS: "Invalid message.
    // Please, try again.", "Additional property system_prompt is not allowed") — never when the
    // words are about the answer or a parser reading it ("Invalid response from AI service", "… is
    // not valid JSON")
    t.add(
        lastResort(
            "in_band.invalid_words",
            INVALID_WORDS_LAST,
            f -> notTheRequest(f) || f.saysPattern(INVALID_IS_SOMETHING_ELSE),
            REQUEST_INVALID,
            FINAL,
            YES));
    // …and after every row that names whose document it was, a JSON decoder's failure alone
    // (JSON_DECODER_FAILED: "JSON parsing error: Expecting value: line 65 column 7 (char 3624)"):
    // a status-less client decoding what came back, the answer
    t.add(lastResort("in_band.decoder_words", JSON_DECODER_FAILED, EMPTY_RESPONSE, RETRY, YES));
    // …and last, the answer named with what made it unusable, and nothing else named at fault
    // (ANSWER_NAMED_UNUSABLE: "generation failed (empty LLM response)")
    t.add(
        lastResort(
            "in_band.answer_words",
            ANSWER_NAMED_UNUSABLE,
            f -> f.saysPattern(NOT_THE_ANSWER_NAMED),
            EMPTY_RESPONSE,
            RETRY,
            YES));

    // The message only asks to wait and try again ("please try again later", 稍后再试): whatever
    // the upstream's trouble, it expects to pass. Retried once, then another route. Read after
    // every row that names a cause, however plainly: advice is not a cause ("A network error
    // occurred. Please try again later." is the network; "The AI did not return any text. Please
    // retry." an empty answer).
    // …and when the words say only that it failed ("Model Request failed. Please try again later.",
    // "模型响应失败，请稍后重试"), the server's failure, not its load.
    t.add(
        row(
            "in_band.failed_retry_later",
            f ->
                f.noStatusSays(RETRY_LATER_WORDING)
                    && f.saysPattern(FAILED_AFTER_TASK_LABEL)
                    && !f.says(UNKNOWN_CAUSE_WORDING),
            SERVER_ERROR,
            RETRY,
            UNKNOWN));
    t.add(
        row(
            "in_band.retry_later",
            f -> f.noStatusSays(RETRY_LATER_WORDING) && !f.says(UNKNOWN_CAUSE_WORDING),
            OVERLOADED,
            RETRY,
            UNKNOWN));

    // 11. A 2xx whose only outcome is a block: OpenAI/Azure finish_reason content_filter,
    //     Anthropic stop_reason refusal, Gemini promptFeedback.blockReason or a candidate's
    //     finishReason SAFETY/PROHIBITED_CONTENT/…, Bedrock stopReason guardrail_intervened — or
    //     that answer as a client printed it, with no status. The same request is refused again;
    //     it is not an empty answer to retry.
    t.add(
        row(
            "content.block_reason",
            f -> (f.success() || f.noStatus()) && f.error().blockReason() != null,
            CONTENT_FILTERED,
            FINAL,
            YES));
    // 11. An HTTP 2xx the client judged unusable (no choices, empty content, invalid JSON).
    t.add(row("empty.http_2xx", Facts::success, EMPTY_RESPONSE, RETRY, YES));
    // 11. A model's answer reported as a failure with no status (an SDK printing the response it
    //    could not use: Ollama's {"role": "assistant", "content": ""}): the same judgement.
    t.add(
        row(
            "empty.answer_body",
            f -> f.noStatus() && f.error().answerShape(),
            EMPTY_RESPONSE,
            RETRY,
            YES));

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

  /** The protocol, in order. The last row matches everything. */
  static final List<Rule> RULES = table();

  // The rows a 500 or another transient status decides by its status alone (row first).
  private static final Set<String> GENERIC_5XX_ROWS =
      Set.of("transient.status_500", "transient.other");

  // The status-less rows, in their order: how a generic API error class's words are read (row
  // first).
  private static final List<Rule> IN_BAND =
      RULES.stream().filter(r -> r.id().startsWith("in_band.")).toList();

  // The status-less row that reads the server's own failure in the words ("the worker crashed",
  // "internal server error"): wherever it would read it, a generic class's 500 stands (row first).
  private static final Rule SERVER_FAILURE_NAMED =
      IN_BAND.stream().filter(r -> r.id().equals("in_band.server_error")).findFirst().orElseThrow();

  /**
   * Whether a status-less row's reading is a settled cause (not retried) that outweighs a generic
   * API error class's 500: not a transient one (the server's own failure named, a rate limit: the
   * 500 says as much), nor the two plainest last rows, a thing named not found or invalid
   * ("Template error: template not found", "The model produced invalid content"), which say too
   * little.
   */
  private static boolean settles(Rule inBand) {
    return !inBand.then().retryable()
        && !inBand.id().equals("in_band.gone_words")
        && !inBand.id().equals("in_band.invalid_words");
  }

  // The limit passes within a minute — the words name a reset in seconds, or the error's RetryInfo
  // is a minute at most — and it is not 0 (a model with no free tier at all: waiting never helps).
  private static boolean waitingPasses(Facts f) {
    return (f.saysPattern(SHORT_RESET_PATTERN)
            || f.retriesWithinAMinute()
            || f.says(PER_MINUTE_QUOTA_IDS) && !f.says(PER_DAY_QUOTA_IDS))
        && !f.says(ZERO_LIMIT_WORDING);
  }

  // Google's quota ids of a per-minute window, quoted in a client's text without a RetryInfo
  // ("quotaId:GenerateRequestsPerMinutePerProjectPerModel-FreeTier"); not when a daily one is
  // named beside it (Google lists every violated quota: the day's outlasts the minute's).
  // A limit, in the corpus's languages (row in_band.window_quota: a limit over a minute's window).
  static final List<String> LIMIT_NOUNS =
      List.of(
          "limit",
          "límite",
          "лимит",
          "上限",
          "限制",
          "制限",
          "한도",
          "제한",
          "sınır",
          "giới hạn",
          "batas",
          "grenze");

  static final List<String> PER_MINUTE_QUOTA_IDS = List.of("perminute");
  static final List<String> PER_DAY_QUOTA_IDS = List.of("perday");

  // A last-resort row: a status-less failure message whose plain words say what failed.
  private static Rule lastResort(
      String id, Words words, FailureCategory c, boolean retryable, ReachedModel reached) {
    return lastResort(id, words, f -> false, c, retryable, reached);
  }

  // …whose words a named reading decides (readsOverflow, readsRefusal, …), as the rows that read
  // the same words under a status do.
  private static Rule lastResort(
      String id,
      Predicate<Facts> reads,
      FailureCategory c,
      boolean retryable,
      ReachedModel reached) {
    return row(id, f -> f.noStatus() && f.failure() && reads.test(f), c, retryable, reached);
  }

  // …unless the words also say something that takes the meaning away (an app's guess that offers
  // the network as one cause among others; an answer, not a request, that was malformed).
  private static Rule lastResort(
      String id,
      Words words,
      Predicate<Facts> unless,
      FailureCategory c,
      boolean retryable,
      ReachedModel reached) {
    return row(
        id,
        f -> f.noStatus() && f.failure() && f.saysPattern(words) && !unless.test(f),
        c,
        retryable,
        reached);
  }

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
