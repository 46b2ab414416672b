package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns evidence into the typed failure an attempt returns. Everything observed upstream goes
 * through the {@link FailureClassifier}; only verdicts this module reaches on its own (no key, a
 * request too large to send, a 200 without output) are built here, and one invariant is enforced on
 * every result: after visible output a failure is {@code stream_interrupted}, never retried.
 */
public final class Failures {
  private static final String REDACTED = "[redacted]";

  // A key as an upstream masks it: characters of it, a run of mask characters (asterisks, an
  // ellipsis, bullets), characters of it — OpenAI's "Incorrect API key provided: sk-abc***xyz".
  // Tried only where a token starts, its runs possessive: linear in a 64 KiB body of one token.
  private static final Pattern MASKED =
      Pattern.compile(
          "(?<![A-Za-z0-9_\\-])([A-Za-z0-9_\\-]*+)(?:\\*{2,}+|\\.{3,}+|\u2026++|\u2022{2,}+)"
              + "([A-Za-z0-9_\\-]*+)");
  // The fewest characters of a masked key's start or end that count as a piece of the key.
  private static final int MASKED_END = 3;

  private Failures() {}

  /** Classifies evidence, enforcing the after-output invariant and scrubbing {@code secrets}. */
  static ProviderFailure classify(
      Function<FailureEvidence, ProviderFailure> classifier,
      FailureEvidence evidence,
      String providerId,
      boolean visibleOutput,
      Secrets secrets) {
    FailureEvidence e = scrub(evidence, secrets).withProvider(providerId);
    if (visibleOutput) {
      e = e.withStreamStarted(true);
    }
    ProviderFailure f = classifier.apply(e);
    if (visibleOutput && (f.category() != FailureCategory.STREAM_INTERRUPTED || f.retryable())) {
      f = f.withCategory(FailureCategory.STREAM_INTERRUPTED, false);
    }
    return scrub(f, secrets);
  }

  /** A transport fault, classified. */
  static ProviderFailure transport(
      Function<FailureEvidence, ProviderFailure> classifier,
      TransportFault fault,
      String message,
      String providerId,
      boolean visibleOutput,
      Secrets secrets) {
    return classify(
        classifier, FailureEvidence.transport(fault, message), providerId, visibleOutput, secrets);
  }

  /**
   * A 2xx answer without usable assistant output (docs/design.md §4.11). The classifier decides the
   * verdict; the message names what was missing.
   */
  static ProviderFailure emptyResponse(
      Function<FailureEvidence, ProviderFailure> classifier,
      int status,
      String requestId,
      String detail,
      String body,
      String providerId,
      Secrets secrets) {
    java.util.Map<String, String> headers =
        requestId == null ? java.util.Map.of() : java.util.Map.of("x-request-id", requestId);
    ProviderFailure f =
        classify(
            classifier, FailureEvidence.http(status, headers, body), providerId, false, secrets);
    return scrub(
        withTexts(f, "HTTP " + status + " without usable output: " + detail, f.body()), secrets);
  }

  /** A verdict reached before anything was sent: the request never reached the model. */
  public static ProviderFailure notSent(FailureCategory category, String message) {
    return ProviderFailure.of(category, false, ReachedModel.NO, null, message);
  }

  /**
   * The evidence with every occurrence of the key removed from what the upstream sent (its body,
   * its header values) and from the exception's message, before anything is read from it: the
   * classifier cuts bodies and messages to their kept length and takes the request id, type and
   * code from them, so a key scrubbed only from the result survived in those fields, and a key cut
   * in two by the bound left its first half.
   */
  static FailureEvidence scrub(FailureEvidence e, Secrets secrets) {
    if (secrets.isEmpty()) {
      return e;
    }
    Map<String, String> headers = new LinkedHashMap<>();
    e.headers().forEach((k, v) -> headers.put(k, secrets.scrub(v)));
    return new FailureEvidence(
        e.status(),
        headers,
        e.body() == null ? null : secrets.scrub(e.body()),
        e.transportFault(),
        e.exceptionMessage() == null ? null : secrets.scrub(e.exceptionMessage()),
        e.streamStarted(),
        e.inBandError(),
        e.provider());
  }

  /** Removes every occurrence of the secrets from the failure's texts (upstreams echo keys). */
  static ProviderFailure scrub(ProviderFailure f, Secrets secrets) {
    if (secrets.isEmpty()) {
      return f;
    }
    String m = f.message() == null ? null : secrets.scrub(f.message());
    String b = f.body() == null ? null : secrets.scrub(f.body());
    if (java.util.Objects.equals(m, f.message()) && java.util.Objects.equals(b, f.body())) {
      return f;
    }
    return withTexts(f, m, b);
  }

  /**
   * {@code text} without the key, whole or as the upstream masked it: a masked token whose visible
   * start is the key's start, or whose visible end is the key's end (at least {@value #MASKED_END}
   * characters), goes whole. Those ends are a piece of the operator's key, and whoever reads the
   * failure (a {@code serve} client, a log, a trace) is not the key's holder. A masked token of
   * another key stays ({@link dev.orchestrator.providers.classify.Redactor} takes known prefixes).
   */
  static String scrub(String text, String key) {
    if (text == null) {
      return null;
    }
    String out = text.replace(key, REDACTED);
    if (out.indexOf('*') < 0
        && !out.contains("...")
        && out.indexOf('\u2026') < 0
        && out.indexOf('\u2022') < 0) {
      return out;
    }
    Matcher m = MASKED.matcher(out);
    StringBuilder b = new StringBuilder(out.length());
    while (m.find()) {
      String start = m.group(1);
      String end = m.group(2);
      boolean ours =
          (start.length() >= MASKED_END && key.startsWith(start))
              || (end.length() >= MASKED_END && key.endsWith(end));
      m.appendReplacement(b, Matcher.quoteReplacement(ours ? REDACTED : m.group()));
    }
    m.appendTail(b);
    return b.toString();
  }

  /** The same verdict with another message and body. */
  public static ProviderFailure withTexts(ProviderFailure f, String message, String body) {
    return f.toBuilder().message(message).body(body).build();
  }
}
