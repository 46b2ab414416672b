package dev.orchestrator.providers.internal.transport;

import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * A request body that notes when the connection has taken all of it ({@link #sent()}): a failure
 * before any response byte is then {@code RESET_AFTER_REQUEST} rather than before it. Thread-safe:
 * the client completes it on its thread, the attempt's thread reads the flag.
 */
final class SentBody implements HttpRequest.BodyPublisher {
  private final HttpRequest.BodyPublisher bytes;
  private volatile boolean sent;

  SentBody(byte[] body) {
    this.bytes = HttpRequest.BodyPublishers.ofByteArray(body);
  }

  /** Whether the connection has taken the whole body. */
  boolean sent() {
    return sent;
  }

  @Override
  public long contentLength() {
    return bytes.contentLength();
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    bytes.subscribe(
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
            sent = true;
            subscriber.onComplete();
          }
        });
  }
}
