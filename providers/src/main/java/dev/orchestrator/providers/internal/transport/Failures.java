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

/**
 * Turns evidence into the typed failure an attempt returns. Everything observed upstream goes
 * through the {@link FailureClassifier}; only verdicts this module reaches on its own (no key, a
 * request too large to send, a 200 without output) are built here, and one invariant is enforced on
 * every result: after visible output a failure is {@code stream_interrupted}, never retried.
 */
public final class Failures {
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

  /** The same verdict with another message and body. */
  public static ProviderFailure withTexts(ProviderFailure f, String message, String body) {
    return f.toBuilder().message(message).body(body).build();
  }
}
