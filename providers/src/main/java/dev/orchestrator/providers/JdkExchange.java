package dev.orchestrator.providers;

import dev.orchestrator.providers.internal.RequestHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * The exchange over {@code java.net.http} (HTTP/2 where a TLS server offers it, the JDK's proxy
 * selector): the synchronous {@code send} runs on the attempt's thread, a whole 2xx body is
 * collected inside the client ({@link WholeBody}), a stream is read through a {@link StreamBody}.
 * An abort interrupts the attempt's thread (a blocked send is cancelled, a blocked body read
 * fails). Thread-safe.
 */
final class JdkExchange implements Exchange {
  private final HttpClient http;

  JdkExchange(HttpClient http) {
    this.http = http;
  }

  @Override
  public Response send(URI uri, RequestHeaders headers, byte[] body, Hooks hooks)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri).POST(new TrackingPublisher(body, hooks::requestSent));
    if ("http".equalsIgnoreCase(uri.getScheme())) {
      // Cleartext: no h2c upgrade dance, which some local servers mishandle.
      b.version(HttpClient.Version.HTTP_1_1);
    }
    headers.forEach(b::setHeader);
    StreamBody[] stream = new StreamBody[1];
    HttpResponse<InputStream> r = http.send(b.build(), info -> subscriberFor(info, hooks, stream));
    StreamBody sb = stream[0];
    return new Response(
        r.statusCode(),
        r.headers().map(),
        r.body(),
        sb == null && r.statusCode() >= 200 && r.statusCode() <= 299,
        sb == null ? () -> {} : sb::finished);
  }

  @Override
  public boolean abortsByInterrupt() {
    return true;
  }

  /**
   * How the response body is read, chosen when the headers arrive (on the client's thread): a whole
   * 2xx body is collected inside the client, so {@code send} returns once with all of it; a stream
   * or an error body is read by the attempt's thread as it arrives (a stream through a {@link
   * StreamBody}, so that a completed one leaves its connection reusable).
   */
  private static HttpResponse.BodySubscriber<InputStream> subscriberFor(
      HttpResponse.ResponseInfo info, Hooks hooks, StreamBody[] stream) {
    int status = info.statusCode();
    if (status < 200 || status > 299) {
      return HttpResponse.BodySubscribers.ofInputStream();
    }
    if (hooks.isStream(info.headers().map())) {
      StreamBody b = new StreamBody(hooks.drainLimitNanos());
      stream[0] = b;
      return b;
    }
    hooks.wholeBodyStarts();
    return new WholeBody(
        hooks.maxResponseBytes(),
        info.headers().firstValueAsLong("content-length").orElse(-1),
        hooks::bodyBytes);
  }

  /** A byte-array body that notes when the connection has taken all of it. */
  private static final class TrackingPublisher implements HttpRequest.BodyPublisher {
    private final HttpRequest.BodyPublisher delegate;
    private final Runnable onSent;

    TrackingPublisher(byte[] body, Runnable onSent) {
      this.delegate = HttpRequest.BodyPublishers.ofByteArray(body);
      this.onSent = onSent;
    }

    @Override
    public long contentLength() {
      return delegate.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      delegate.subscribe(
          new Flow.Subscriber<ByteBuffer>() {
            @Override
            public void onSubscribe(Flow.Subscription s) {
              subscriber.onSubscribe(s);
            }

            @Override
            public void onNext(ByteBuffer item) {
              subscriber.onNext(item);
            }

            @Override
            public void onError(Throwable t) {
              subscriber.onError(t);
            }

            @Override
            public void onComplete() {
              onSent.run();
              subscriber.onComplete();
            }
          });
    }
  }
}
