package dev.orchestrator.providers.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.RequestHeaders;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * Runs one attempt over {@code java.net.http}. Before anything is sent it checks the key, the
 * cancel signal, the endpoint and the body size and builds the request; a verdict reached there
 * never reached the model. The exchange itself is an {@link Exchange} on the calling thread, which
 * enforces every limit of {@link AttemptLimits} with one task on the shared scheduler, measured on
 * the injected {@link Ticker}, and turns whatever happened into an {@link AttemptOutcome}.
 * Thread-safe: all per-attempt state lives in the {@link Exchange}.
 */
public final class HttpChatTransport {
  private final SharedHttpClient http;
  private final ScheduledExecutorService scheduler;
  private final Ticker ticker;
  private final Clock clock;
  private final Credentials credentials;
  private final String userAgent;
  private final long maxRequestBytes;
  private final int maxMalformedEvents;
  private final Function<FailureEvidence, ProviderFailure> classifier;
  private final Endpoints endpoints = new Endpoints();

  /**
   * A transport over {@code http}.
   *
   * @param http the client every exchange runs on
   * @param scheduler runs the checks of every attempt's limits
   * @param ticker the time source of those limits
   * @param clock the wall clock absolute rate-limit resets are read against
   * @param credentials where API keys come from
   * @param userAgent the User-Agent header
   * @param maxRequestBytes the largest request body sent
   * @param maxMalformedEvents invalid stream events skipped before a stream counts as malformed
   * @param classifier turns evidence observed upstream into a failure
   */
  public HttpChatTransport(
      SharedHttpClient http,
      ScheduledExecutorService scheduler,
      Ticker ticker,
      Clock clock,
      Credentials credentials,
      String userAgent,
      long maxRequestBytes,
      int maxMalformedEvents,
      Function<FailureEvidence, ProviderFailure> classifier) {
    this.http = http;
    this.scheduler = scheduler;
    this.ticker = ticker;
    this.clock = clock;
    this.credentials = credentials;
    this.userAgent = userAgent;
    this.maxRequestBytes = maxRequestBytes;
    this.maxMalformedEvents = maxMalformedEvents;
    this.classifier = classifier;
  }

  /**
   * Runs one attempt of {@code call} in {@code wire}'s format to completion on the calling thread;
   * never throws for provider or transport failures, which come back classified.
   */
  public AttemptOutcome send(ProviderCall call, WireProtocol wire) {
    Provider p = call.provider();
    String key = null;
    if (!p.apiKeyEnv().isEmpty()) {
      Optional<String> k = keyOf(call);
      if (k.isEmpty() || k.get().isBlank()) {
        return new AttemptOutcome.Failed(
            Failures.notSent(
                FailureCategory.AUTH_FAILED,
                "no API key for provider '"
                    + p.id()
                    + "'"
                    + (call.key() == null ? "" : " (key '" + call.key().name() + "')")
                    + ": set "
                    + String.join(" or ", call.key() == null ? p.apiKeyEnv() : call.key().env())),
            false);
      }
      key = k.get();
    }
    if (call.cancellation().isCancelled()) {
      return new AttemptOutcome.Failed(
          Failures.transport(
              classifier,
              TransportFault.CANCELLED,
              "cancelled before the request was sent",
              p.id(),
              false,
              Secrets.of(key, p)),
          false);
    }
    URI uri;
    try {
      uri = endpoints.of(p, wire);
    } catch (IllegalArgumentException e) {
      return new AttemptOutcome.Failed(
          Failures.notSent(FailureCategory.REQUEST_INVALID, e.getMessage()), false);
    }
    byte[] body;
    try {
      body = wire.encode(call.request(), call.route());
    } catch (RequestEncodingException e) {
      return new AttemptOutcome.Failed(
          Failures.notSent(FailureCategory.REQUEST_INVALID, e.getMessage()), false);
    }
    if (body.length > maxRequestBytes) {
      return new AttemptOutcome.Failed(
          Failures.notSent(
              FailureCategory.REQUEST_TOO_LARGE,
              "request body: "
                  + body.length
                  + " bytes (expected: at most "
                  + maxRequestBytes
                  + "); not sent"),
          false);
    }
    SentBody sent = new SentBody(body);
    HttpRequest request;
    try {
      request = request(call, wire, key, uri, sent);
    } catch (IllegalArgumentException badKey) {
      // Only the key's header can be refused here (provider headers are filtered): a key with a
      // stray newline or control character. The type is the evidence; the key is never quoted.
      return new AttemptOutcome.Failed(
          Failures.notSent(
              FailureCategory.AUTH_FAILED,
              "the API key for provider '"
                  + p.id()
                  + "' is not a valid header value (a trailing newline or control character?)"),
          false);
    }
    return new Exchange(
            http,
            scheduler,
            ticker,
            clock,
            maxMalformedEvents,
            classifier,
            call,
            wire,
            key,
            request,
            sent)
        .execute();
  }

  /**
   * Counts {@code call}'s input tokens at {@code wire}'s counting endpoint within the call's total
   * limit; empty when the protocol has none, the provider's key is missing, or the count fails in
   * any way (the caller estimates then). Never throws; puts no secret anywhere.
   */
  public OptionalInt countTokens(ProviderCall call, WireProtocol wire) {
    Provider p = call.provider();
    if (wire.countPath() == null) {
      return OptionalInt.empty();
    }
    String key = null;
    if (!p.apiKeyEnv().isEmpty()) {
      Optional<String> k = keyOf(call);
      if (k.isEmpty() || k.get().isBlank()) {
        return OptionalInt.empty();
      }
      key = k.get();
    }
    try {
      URI uri = endpoints.of(p, wire.countPath());
      SentBody body = new SentBody(wire.encodeCount(call.request(), call.route()));
      HttpRequest request =
          HttpRequest.newBuilder(request(call, wire, key, uri, body), (name, value) -> true)
              .setHeader("Accept", "application/json")
              .timeout(call.limits().total())
              .build();
      HttpClient client = http.current();
      HttpResponse<byte[]> r;
      try {
        r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException e) {
        http.failed(client, e);
        throw e;
      }
      JsonNode tokens = Json.MAPPER.readTree(r.body()).path("input_tokens");
      return r.statusCode() == 200 && tokens.canConvertToInt() && tokens.asInt() >= 0
          ? OptionalInt.of(tokens.asInt())
          : OptionalInt.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalInt.empty();
    } catch (IOException | RuntimeException | RequestEncodingException e) {
      return OptionalInt.empty(); // no count: the caller estimates
    }
  }

  /** The key {@code call} names, else its provider's first set key. */
  private Optional<String> keyOf(ProviderCall call) {
    return call.key() != null
        ? credentials.keyFor(call.key())
        : credentials.keyFor(call.provider());
  }

  private HttpRequest request(
      ProviderCall call, WireProtocol wire, String key, URI uri, SentBody body) {
    RequestHeaders headers = new RequestHeaders();
    for (Map.Entry<String, String> h : call.provider().headers().entrySet()) {
      // Host, Connection, Content-Length… belong to the HTTP client: refused, skipped.
      headers.trySet(h.getKey(), h.getValue());
    }
    headers.set("Content-Type", "application/json");
    headers.set("Accept", call.request().stream() ? "text/event-stream" : "application/json");
    headers.set("User-Agent", userAgent);
    wire.protocolHeaders(headers, call.request());
    wire.authenticate(headers, key);
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).POST(body);
    if ("http".equalsIgnoreCase(uri.getScheme())) {
      // Cleartext: no h2c upgrade dance, which some local servers mishandle.
      b.version(HttpClient.Version.HTTP_1_1);
    }
    headers.forEach(b::setHeader);
    return b.build();
  }
}
