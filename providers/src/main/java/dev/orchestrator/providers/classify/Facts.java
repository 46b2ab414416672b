package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.TransportFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The evidence as the rows of {@link FailureRules} read it. {@link #status()} is the effective
 * status: the status a decisive code of the body stands for ({@link
 * FailureWords#DECISIVE_STATUS_OF_CODE}: the code decides against a contradicting status line),
 * else the HTTP status when it is not a 2xx, else the status an in-band error carries or its
 * type/code stands for ({@link FailureWords#STATUS_OF_TOKEN}), else {@code null}. Wording is read
 * only when the provider gave no code that names a settled category ({@link
 * FailureWords#CATEGORY_CODES}). One per classification, read by one thread; it keeps only the
 * phrases its wording holds, found the first time a row asks (PhraseIndex), and, while {@link
 * #wordsRead} replays a row, what that row read.
 */
final class Facts {
  private final FailureEvidence evidence;
  private final UpstreamError error;
  private final Integer status;
  // whether the status is only what a type or code stands for (no status line, none carried)
  private final boolean statusOfTokenOnly;
  // whether a code names a settled category, so that no wording is read
  private final boolean categoryCode;
  private PhraseIndex.Phrases present;
  // what the row being replayed read (wordsRead); null otherwise, so reading records nothing
  private List<String> read;

  Facts(FailureEvidence evidence, UpstreamError error) {
    this.evidence = evidence;
    this.error = error;
    Integer http = evidence.status();
    boolean httpFailure = httpFailure(evidence);
    Integer decisive = decisiveStatus(error);
    Integer carried = error.carriedStatus();
    if (decisive != null) {
      this.status = decisive;
    } else if (httpFailure) {
      this.status = http;
    } else if (carried != null && carried >= 400 && carried <= 599) {
      this.status = carried;
    } else {
      this.status = statusOfToken(error);
    }
    this.statusOfTokenOnly =
        decisive == null
            && this.status != null
            && !httpFailure
            && !(carried != null && carried >= 400 && carried <= 599);
    this.categoryCode = hasToken(FailureWords.CATEGORY_CODES);
  }

  // The same evidence with no status: neither the HTTP status nor one a code, type or class stands
  // for (withoutStatus).
  private Facts(Facts of) {
    this.evidence = of.evidence;
    this.error = of.error;
    this.status = null;
    this.statusOfTokenOnly = false;
    this.categoryCode = of.categoryCode;
    this.present = of.present;
  }

  /** The same evidence read as a message with no status at all. */
  Facts withoutStatus() {
    return new Facts(this);
  }

  /**
   * The status is only what a generic API error class stands for ({@link
   * FailureWords#GENERIC_API_ERROR_CLASSES}: {@code openai.APIError}, {@code litellm.APIError}): no
   * status line, none carried, no error document, and every token that stands for a status is such
   * a class.
   */
  boolean statusOnlyAGenericClassSays() {
    if (!statusOfTokenOnly || error.errorShape()) {
      return false;
    }
    boolean generic = false;
    for (String t : error.tokens()) {
      if (FailureWords.STATUS_OF_TOKEN.containsKey(t)) {
        if (!FailureWords.GENERIC_API_ERROR_CLASSES.contains(t)) {
          return false;
        }
        generic = true;
      }
    }
    return generic;
  }

  private static Integer decisiveStatus(UpstreamError error) {
    for (String token : error.tokens()) {
      Integer decisive = FailureWords.DECISIVE_STATUS_OF_CODE.get(token);
      if (decisive != null) {
        return decisive;
      }
    }
    return null;
  }

  private static Integer statusOfToken(UpstreamError error) {
    for (String token : error.tokens()) {
      Integer s = FailureWords.STATUS_OF_TOKEN.get(token);
      if (s != null) {
        return s;
      }
    }
    return null;
  }

  UpstreamError error() {
    return error;
  }

  Integer status() {
    return status;
  }

  boolean streamStarted() {
    return evidence.streamStarted();
  }

  /**
   * An HTTP status that is no 2xx came with the evidence: it is the status, over any a text prints
   * or a code stands for (unless a code names its own), so the reading need not look for one.
   */
  static boolean httpFailure(FailureEvidence evidence) {
    Integer s = evidence.status();
    return s != null && (s < 200 || s > 299);
  }

  /** An HTTP 2xx that the client reported as a failure. */
  boolean success() {
    Integer s = evidence.status();
    return s != null && s >= 200 && s <= 299;
  }

  boolean statusIs(int s) {
    return status != null && status == s;
  }

  /**
   * The effective status is {@code s}, or the HTTP status line itself says {@code s}: for the
   * statuses that outrank every code (402 account state, 401 auth), a code standing for another
   * status does not take them away.
   */
  boolean statusOrLineIs(int s) {
    Integer line = evidence.status();
    return statusIs(s) || line != null && line == s;
  }

  boolean statusIn(int... statuses) {
    for (int s : statuses) {
      if (statusIs(s)) {
        return true;
      }
    }
    return false;
  }

  /** Any 4xx but 408, 409, 425 and 429: the answer will not change if the request is re-sent. */
  boolean definitive4xx() {
    return status != null && status >= 400 && status <= 499 && !statusIn(408, 409, 425, 429);
  }

  /** 408, 409, 425, 429 and every 5xx but 501 and 505. */
  boolean transientStatus() {
    return statusIn(408, 409, 425, 429)
        || status != null && status >= 500 && status <= 599 && !statusIn(501, 505);
  }

  boolean faultIs(TransportFault fault) {
    return evidence.transportFault() == fault;
  }

  boolean hasToken(Set<String> codes) {
    for (String t : error.tokens()) {
      if (codes.contains(t)) {
        heard(t);
        return true;
      }
    }
    return false;
  }

  /**
   * What {@code rule} reads in this evidence when it holds: each code it found, each phrase, each
   * pattern's matched text, in the order it read them, once each. The rule is tested again with a
   * record kept; an exclusion that held inside an alternative the rule did not need is listed too.
   * Empty when the rule reads no words (a status, a transport fault, an answer's shape).
   */
  List<String> wordsRead(FailureRules.Rule rule) {
    read = new ArrayList<>();
    try {
      rule.when().test(this);
      return List.copyOf(read);
    } finally {
      read = null;
    }
  }

  private void heard(String words) {
    if (read != null && !read.contains(words)) {
      read.add(words);
    }
  }

  /**
   * Whether one of {@code phrases} occurs in the lower-cased wording; always false when a code
   * names the category (the provider's own code is stronger evidence than its text).
   */
  boolean says(List<String> phrases) {
    if (categoryCode) {
      return false;
    }
    PhraseIndex.Phrases indexed = PhraseIndex.RULES.of(phrases);
    if (indexed != null && read == null) {
      return indexed.meets(present());
    }
    for (String phrase : phrases) {
      if (error.wording().contains(phrase)) {
        heard(phrase);
        return true;
      }
    }
    return false;
  }

  // The indexed phrases the wording holds, found in one pass the first time a row asks.
  private PhraseIndex.Phrases present() {
    if (present == null) {
      present = PhraseIndex.RULES.present(error.wording());
    }
    return present;
  }

  boolean saysModelGone() {
    // every phrasing of MODEL_GONE_WORDING names a model: the scan is only run when one is named
    if (categoryCode || !error.wording().contains("model")) {
      return false;
    }
    Matcher m = FailureWords.MODEL_GONE_WORDING.matcher(error.wording());
    if (m.find()) {
      heard(m.group());
      return true;
    }
    return false;
  }

  /** No effective status at all (an in-band error or a bare message), and the phrases occur. */
  boolean noStatusSays(List<String> phrases) {
    return noStatus() && says(phrases);
  }

  /** No status at all: neither the HTTP status nor one a code, type or class stands for. */
  boolean noStatus() {
    return status == null;
  }

  /** Whether the wording says {@code words} (never when a code names the category). */
  boolean saysPattern(FailureRules.Words words) {
    if (categoryCode) {
      return false;
    }
    String wording = error.wording();
    if (read != null) {
      String match = words.match(wording);
      if (match != null) {
        heard(match);
      }
      return match != null;
    }
    PhraseIndex.Phrases[] anchors = PhraseIndex.RULES.anchorsOf(words);
    if (anchors == null) {
      return words.in(wording);
    }
    List<FailureRules.Clause> clauses = words.clauses();
    for (int i = 0; i < anchors.length; i++) {
      if (anchors[i] == null
          ? clauses.get(i).in(wording)
          : anchors[i].meets(present()) && clauses.get(i).pattern().matcher(wording).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The evidence is a failure's: not an HTTP 2xx, or a 2xx carrying an error document. An unusable
   * 2xx answer's own text is never read as an error's wording.
   */
  boolean failure() {
    return !success() || error.errorShape();
  }

  /**
   * The status leaves the meaning to the words: there is none (an SDK, CLI or gateway message), it
   * is a 500 or 502 (a server, relay or agent wrapping an upstream's answer in its own error; not
   * the specific transient statuses 503, 504, 529, 52x), or it is only what a generic type stands
   * for ({@code invalid_request_error} in a body without a status line). A settled meaning in the
   * words — a context overflow, a content-policy refusal — decides then, whatever the status would
   * have said.
   */
  boolean statusLeavesMeaningToWords() {
    return (status == null && failure())
        || statusIn(500, 502)
        || statusOfTokenOnly
        || privateStatus();
  }

  /**
   * A 5xx no HTTP registry or CDN defines (ModelScope's 555 for a refused answer; not 500–511,
   * Cloudflare's 520–530, nor the proxies' 598 and 599 timeouts): a relay's own code in the
   * status's place, which says no more than a 500 does.
   */
  private boolean privateStatus() {
    return status != null && status >= 512 && status <= 597 && !(status >= 520 && status <= 530);
  }

  /**
   * The status is only what a type, code or SDK class stands for (no status line, none carried).
   */
  boolean statusOfTokenOnly() {
    return statusOfTokenOnly;
  }

  /** The error's own retry delay (Google's RetryInfo) is at most a minute: a window, not a cap. */
  boolean retriesWithinAMinute() {
    return error.retryDelay() != null && error.retryDelay().compareTo(Duration.ofMinutes(1)) <= 0;
  }

  /** The status is a definitive 4xx that only a generic type or code stands for. */
  boolean definitive4xxOfTokenOnly() {
    return statusOfTokenOnly && definitive4xx();
  }
}
