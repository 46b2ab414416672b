package dev.orchestrator.providers.internal.transport;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.RateLimits;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.SseReader;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * One attempt's exchange, run on the calling thread: sends the prepared request, enforces every
 * limit of {@link AttemptLimits} with one {@link AttemptClock}, honours the cancel signal, reads
 * the body with bounds (an error body, a whole 2xx body, or an event stream) and turns whatever
 * happened into an {@link AttemptOutcome}. The clock and the cancel hook stop it by interrupting
 * that thread (a blocked {@code send} is cancelled, a blocked body read fails) and closing the
 * body. One instance per attempt, run by one thread; the clock's and the client's threads touch
 * only its volatile and lock-guarded fields.
 */
final class Exchange {
  /** Most of an error body that is read (docs/design.md §4). */
  static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

  /** Longest SSE line accepted. */
  static final int MAX_SSE_LINE_BYTES = 4 * 1024 * 1024;

  private final SharedHttpClient http;
  private final ScheduledExecutorService scheduler;
  private final Clock wallClock;
  private final int maxMalformedEvents;
  private final Function<FailureEvidence, ProviderFailure> classifier;
  private final ProviderCall call;
  private final WireProtocol wire;
  private final Secrets secrets;
  private final HttpRequest request;
  private final SentBody sent;
  private final String providerId;
  private final AttemptClock clock;

  /** The thread inside the exchange, or null; guarded by {@code sendLock}. */
  private Thread sending;

  /** Whether {@link #interrupt} interrupted {@link #sending}; guarded by {@code sendLock}. */
  private boolean interruptedBySelf;

  private final Object sendLock = new Object();
  private volatile InputStream body;
  private volatile StreamBody streamBody;
  private volatile String framingConflict;
  private volatile StreamAssembler assembler;

  /**
   * An exchange ready to run.
   *
   * @param key the provider's API key, or {@code null}; only scrubbed from failure texts here, with
   *     the provider's credential-like header values
   * @param request the request, its body published by {@code sent}
   */
  Exchange(
      SharedHttpClient http,
      ScheduledExecutorService scheduler,
      Ticker ticker,
      Clock wallClock,
      int maxMalformedEvents,
      Function<FailureEvidence, ProviderFailure> classifier,
      ProviderCall call,
      WireProtocol wire,
      String key,
      HttpRequest request,
      SentBody sent) {
    this.http = http;
    this.scheduler = scheduler;
    this.wallClock = wallClock;
    this.maxMalformedEvents = maxMalformedEvents;
    this.classifier = classifier;
    this.call = call;
    this.wire = wire;
    this.secrets = Secrets.of(key, call.provider());
    this.request = request;
    this.sent = sent;
    this.providerId = call.provider().id();
    this.clock =
        new AttemptClock(
            call.limits(), call.request().stream(), ticker, scheduler, r -> interrupt());
  }

  AttemptOutcome execute() {
    AutoCloseable hook =
        call.cancellation().onCancel(() -> clock.stop(AttemptClock.Reason.CANCELLED));
    try {
      clock.start();
      return sendAndRead();
    } catch (StreamAssembler.ListenerException e) {
      clock.stop(AttemptClock.Reason.CANCELLED);
      return failed(TransportFault.CANCELLED, e.getMessage());
    } catch (RuntimeException e) {
      // The SPI never throws: an unexpected client-side error is an unknown, final failure.
      clock.stop(AttemptClock.Reason.CANCELLED);
      StreamAssembler a = assembler;
      boolean visible = a != null && a.visibleOutput();
      ProviderFailure f =
          ProviderFailure.of(
              visible ? FailureCategory.STREAM_INTERRUPTED : FailureCategory.UNKNOWN,
              false,
              ReachedModel.UNKNOWN,
              null,
              "unexpected client error: " + TransportFaults.describe(e));
      return new AttemptOutcome.Failed(Failures.scrub(f, secrets), visible);
    } finally {
      clock.finish();
      clearSending();
      closeQuietly(hook);
      InputStream in = body;
      if (in != null) {
        closeQuietly(in);
      }
    }
  }

  /** Interrupts the exchange's thread and closes the body: the attempt was stopped. */
  private void interrupt() {
    // The thread clears the flag when it leaves the exchange (clearSending).
    synchronized (sendLock) {
      if (sending != null) {
        interruptedBySelf = true;
        sending.interrupt();
      }
    }
    InputStream in = body;
    if (in != null) {
      closeQuietly(in);
    }
  }

  private AttemptOutcome sendAndRead() {
    // The exchange runs on this thread: sendAsync(...).get() would hop every response through
    // the client's executor. Until the attempt ends, timeouts and cancels interrupt this thread.
    synchronized (sendLock) {
      if (clock.stopped() != null) {
        return aborted();
      }
      sending = Thread.currentThread();
    }
    HttpResponse<InputStream> response;
    HttpClient client = http.current();
    try {
      response = client.send(request, this::subscriberFor);
    } catch (InterruptedException e) {
      if (!clearSending()) {
        // Interrupted by someone else: the caller is going away.
        Thread.currentThread().interrupt();
        clock.stop(AttemptClock.Reason.CANCELLED);
      }
      return aborted();
    } catch (IOException e) {
      clearSending();
      http.failed(client, e);
      if (clock.stopped() != null) {
        return aborted();
      }
      if (clock.phase() == AttemptClock.Phase.BODY) {
        // The headers were in and the client was collecting the body (java.net.http reports a
        // body cut short from send or from the read, by timing): the same fault either way.
        return failed(
            TransportFault.STREAM_TRUNCATED,
            "the response body ended early: " + TransportFaults.describe(e));
      }
      return failed(TransportFaults.beforeResponse(e, sent.sent()), TransportFaults.describe(e));
    }
    if (framingConflict != null) {
      return failed(
          TransportFault.MALFORMED_STREAM,
          "the response's framing is ambiguous (" + framingConflict + "); refused, not reused");
    }
    InputStream in = response.body();
    body = in;
    if (clock.stopped() != null) {
      closeQuietly(in);
      return aborted();
    }
    int status = response.statusCode();
    RateLimits seen = RateLimitHeaders.read(response.headers(), wallClock.instant());
    if (seen.any()) {
      call.rateLimits().accept(seen);
    }
    String requestId = requestId(response.headers());
    if (status < 200 || status > 299) {
      clock.enter(AttemptClock.Phase.BODY);
      return httpError(response, in);
    }
    StreamBody sb = streamBody;
    if (sb != null) {
      clock.enter(AttemptClock.Phase.AWAIT_FIRST_TOKEN);
      return stream(in, status, requestId, sb);
    }
    return whole(in, status, requestId);
  }

  /**
   * How the response body is read, chosen when the headers arrive (on the client's thread): a whole
   * 2xx body is collected inside the client ({@link WholeBody}), so {@code send} returns once with
   * all of it; a stream is read by this thread as it arrives through a {@link StreamBody}, so that
   * a completed one leaves its connection reusable; an error body as a plain input stream.
   */
  private HttpResponse.BodySubscriber<InputStream> subscriberFor(HttpResponse.ResponseInfo info) {
    String conflict = framingConflict(info.headers());
    if (conflict != null) {
      framingConflict = conflict;
      return new RefusedBody();
    }
    int status = info.statusCode();
    if (status < 200 || status > 299) {
      return HttpResponse.BodySubscribers.ofInputStream();
    }
    if (isStream(info.headers())) {
      StreamBody b = new StreamBody(call.limits().idleTimeout().toNanos(), scheduler);
      streamBody = b;
      return b;
    }
    // The headers are in: from here the total limit applies, and a slow body is "reading".
    clock.enter(AttemptClock.Phase.BODY);
    return new WholeBody(
        bounds().maxResponseBytes(), contentLength(info.headers()), clock::activity);
  }

  /**
   * Why {@code h} frames the body ambiguously — several different {@code Content-Length} values, or
   * one beside {@code Transfer-Encoding} (RFC 9112 §6.3: a request-smuggling vector) — or {@code
   * null}. {@code java.net.http} takes the first length or the chunked coding and would keep the
   * connection; such an answer is refused and its connection closed (issue #30, finding 5).
   */
  static String framingConflict(HttpHeaders h) {
    List<String> lengths = h.allValues("content-length");
    for (int i = 1; i < lengths.size(); i++) {
      if (!lengths.get(i).trim().equals(lengths.get(0).trim())) {
        return "Content-Length " + lengths;
      }
    }
    if (!lengths.isEmpty() && HeaderValues.first(h, "transfer-encoding") != null) {
      return "Transfer-Encoding with Content-Length";
    }
    return null;
  }

  /**
   * The declared {@code Content-Length} (its first value, as {@link HttpHeaders#firstValueAsLong}
   * reads it), or -1 when there is none.
   */
  private static long contentLength(HttpHeaders h) {
    String v = HeaderValues.first(h, "content-length");
    return v == null ? -1 : Long.parseLong(v);
  }

  /**
   * The body of a refused answer: cancelled at once, so that {@code java.net.http} closes the
   * connection instead of pooling it.
   */
  private static final class RefusedBody implements HttpResponse.BodySubscriber<InputStream> {
    private final CompletableFuture<InputStream> body = new CompletableFuture<>();

    @Override
    public CompletionStage<InputStream> getBody() {
      return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.cancel();
      body.complete(InputStream.nullInputStream());
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
      // cancelled: nothing is kept
    }

    @Override
    public void onError(Throwable throwable) {
      body.complete(InputStream.nullInputStream());
    }

    @Override
    public void onComplete() {
      body.complete(InputStream.nullInputStream());
    }
  }

  private boolean isStream(HttpHeaders headers) {
    if (!call.request().stream()) {
      return false;
    }
    String type = HeaderValues.first(headers, "content-type");
    return type == null || !type.toLowerCase(Locale.ROOT).contains("json");
  }

  /**
   * Leaves the exchange; clears an interrupt this attempt caused so it cannot leak into the caller.
   * Returns whether this attempt had interrupted the thread. Idempotent.
   */
  private boolean clearSending() {
    boolean self;
    synchronized (sendLock) {
      sending = null;
      self = interruptedBySelf;
      interruptedBySelf = false;
    }
    if (self) {
      Thread.interrupted();
    }
    return self;
  }

  private AttemptOutcome httpError(HttpResponse<InputStream> response, InputStream in) {
    String text;
    try {
      text = new String(readBounded(in, MAX_ERROR_BODY_BYTES), StandardCharsets.UTF_8);
    } catch (IOException e) {
      text = ""; // the status is the evidence; a broken error body adds nothing
    } finally {
      closeQuietly(in);
    }
    FailureEvidence evidence =
        FailureEvidence.http(response.statusCode(), flatten(response.headers()), text);
    return classified(evidence, false);
  }

  /** The policy's memory bounds for this attempt. */
  private StreamBounds bounds() {
    return call.limits().bounds();
  }

  /**
   * Reads a whole 2xx body, collected by a {@link WholeBody}: its bytes in one copy (it kept at
   * most one byte more than allowed, which is how a body too large shows).
   */
  private AttemptOutcome whole(InputStream in, int status, String requestId) {
    byte[] bytes;
    try {
      bytes = in.readAllBytes();
      clock.activity(bytes.length); // read now, as a body read by readBounded counts
      if (bytes.length > bounds().maxResponseBytes()) {
        return empty(
            status,
            requestId,
            "body larger than " + bounds().maxResponseBytes() + " bytes (maxResponseBytes)",
            null);
      }
    } catch (IOException e) {
      if (clock.stopped() != null) {
        return aborted();
      }
      return failed(
          TransportFault.STREAM_TRUNCATED,
          "the response body ended early: " + TransportFaults.describe(e));
    } finally {
      closeQuietly(in);
    }
    Decoded d = wire.decode(bytes, call.route().model(), requestId);
    switch (d.kind()) {
      case OK:
        ChatResponse r = d.response();
        StreamListener l = call.listener();
        if (call.request().stream() && l != null) {
          // Asked for a stream, got a whole answer: deliver it as one delta, after its upstream
          // id and fingerprint, as a stream names them before its first delta.
          try {
            l.onResponseMetadata(r.id(), r.systemFingerprint());
            if (!r.content().isEmpty()) {
              l.onContent(r.content());
            }
            for (ToolCall c : r.toolCalls()) {
              l.onToolCall(c);
            }
          } catch (RuntimeException e) {
            return new AttemptOutcome.Failed(
                Failures.transport(
                    classifier,
                    TransportFault.CANCELLED,
                    "stream listener failed: " + e,
                    providerId,
                    true,
                    secrets),
                true);
          }
        }
        return new AttemptOutcome.Succeeded(r);
      case IN_BAND_ERROR:
        return classified(
            FailureEvidence.inBand(new String(bytes, StandardCharsets.UTF_8), false), false);
      case EMPTY:
      default:
        return empty(status, requestId, d.detail(), new String(bytes, StandardCharsets.UTF_8));
    }
  }

  private AttemptOutcome stream(
      InputStream in, int status, String requestId, StreamBody streamBody) {
    StreamAssembler a = wire.newAssembler(call.listener(), call.route().model(), requestId);
    assembler = a;
    StreamBounds bounds = bounds();
    a.bounds(maxMalformedEvents, bounds.maxToolArgumentBytes());
    // The first token moves the clock past the first-token limit before it is relayed; a stop
    // that came first keeps it from being relayed (AttemptClock#firstToken).
    a.firstTokenGate(clock::firstToken);
    SseReader reader = new SseReader(MAX_SSE_LINE_BYTES, bounds.maxEventBytes());
    byte[] buf = new byte[8192];
    StreamSignal signal = StreamSignal.CONTINUE;
    try {
      while (signal == StreamSignal.CONTINUE) {
        int n = in.read(buf);
        if (n < 0) {
          reader.endOfInput(a);
          signal = a.signal();
          break;
        }
        clock.activity(n);
        if (clock.bodyBytes() > bounds.maxResponseBytes()) {
          return failed(
              TransportFault.MALFORMED_STREAM,
              "stream larger than "
                  + bounds.maxResponseBytes()
                  + " bytes (maxResponseBytes; expected: a bounded response)");
        }
        // One read is one batch: what it holds is relayed as one write (StreamListener).
        StreamListener batch = call.listener();
        if (batch != null) {
          batch.onBatchStart();
        }
        try {
          reader.feed(buf, 0, n, a);
        } finally {
          if (batch != null) {
            batch.onBatchEnd();
          }
        }
        if (reader.stopped()) {
          signal = a.signal();
        }
      }
      if (signal == StreamSignal.DONE) {
        // The close below then lets the body's end arrive: the connection is reused.
        streamBody.finished();
      }
    } catch (SseReader.MalformedStreamException e) {
      return failed(TransportFault.MALFORMED_STREAM, e.getMessage());
    } catch (StreamAssembler.FirstTokenRefused e) {
      return aborted(); // stopped before the first token: nothing visible, as the stop says
    } catch (IOException e) {
      AttemptClock.Stop stop = clock.stopped();
      if (a.terminalSeen() && (stop == null || stop.reason() != AttemptClock.Reason.CANCELLED)) {
        return completed(a, status, requestId);
      }
      if (stop != null) {
        return aborted();
      }
      // The fault already says the stream ended early; the detail is only its cause.
      return failed(TransportFault.STREAM_TRUNCATED, TransportFaults.describe(e));
    } finally {
      closeQuietly(in);
    }
    switch (signal) {
      case DONE:
        return completed(a, status, requestId);
      case IN_BAND_ERROR:
        return classified(
            FailureEvidence.inBand(a.errorData(), a.visibleOutput()), a.visibleOutput());
      case MALFORMED:
        return failed(TransportFault.MALFORMED_STREAM, a.malformed());
      case CONTINUE:
      default:
        if (a.terminalSeen()) {
          return completed(a, status, requestId);
        }
        return failed(TransportFault.STREAM_TRUNCATED, "the body ended cleanly before it");
    }
  }

  private AttemptOutcome completed(StreamAssembler a, int status, String requestId) {
    ChatResponse r = a.response();
    if (!r.usable() && !a.unmodelledOutput()) {
      return empty(
          status,
          r.requestId() != null ? r.requestId() : requestId,
          "the stream carried no content and no tool call",
          a.terminalEvidence());
    }
    return new AttemptOutcome.Succeeded(r, a.skippedEvents());
  }

  private AttemptOutcome aborted() {
    AttemptClock.Stop stop = clock.stopped();
    return stop == null
        ? failed(TransportFault.CANCELLED, "the exchange was cancelled")
        : failed(AttemptClock.fault(stop), clock.message(stop));
  }

  private AttemptOutcome classified(FailureEvidence evidence, boolean visible) {
    return new AttemptOutcome.Failed(
        Failures.classify(classifier, evidence, providerId, visible, secrets), visible);
  }

  /** A 2xx answer without usable output. */
  private AttemptOutcome empty(int status, String requestId, String detail, String body) {
    return new AttemptOutcome.Failed(
        Failures.emptyResponse(classifier, status, requestId, detail, body, providerId, secrets),
        false);
  }

  private AttemptOutcome failed(TransportFault fault, String message) {
    StreamAssembler a = assembler;
    boolean visible = a != null && a.visibleOutput();
    return new AttemptOutcome.Failed(
        Failures.transport(classifier, fault, message, providerId, visible, secrets), visible);
  }

  /** Reads at most {@code max} bytes of an error body, the rest left unread. */
  private byte[] readBounded(InputStream in, long max) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    long total = 0;
    int n;
    while ((n = in.read(buf)) >= 0) {
      clock.activity(n); // an error body arrives now
      long room = max - total;
      if (n > room) {
        out.write(buf, 0, (int) room);
        break;
      }
      out.write(buf, 0, n);
      total += n;
    }
    return out.toByteArray();
  }

  private static String requestId(HttpHeaders h) {
    String id = HeaderValues.first(h, "x-request-id");
    return id != null ? id : HeaderValues.first(h, "request-id");
  }

  /** One line per header, names in lower case, HTTP/2 pseudo-headers left out. */
  private static Map<String, String> flatten(HttpHeaders h) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : h.map().entrySet()) {
      if (!e.getKey().startsWith(":")) {
        out.put(e.getKey().toLowerCase(Locale.ROOT), String.join(", ", e.getValue()));
      }
    }
    return out;
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // closing is best effort: the attempt is over either way
    }
  }
}
