package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.content.AsyncContent;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

/**
 * A kept body is every byte sent, in order, whatever its declared length and however it arrives in
 * chunks — into an array sized by the declared length, grown past the first array's cap, and cut at
 * the limit plus one byte.
 */
class BodyReaderTest {

  @Test
  void aBodyOfItsDeclaredLengthInSeveralChunksIsReadWhole() throws Exception {
    byte[] body = bytes(1000);
    assertThat(read(body, 4096, body.length, 3)).isEqualTo(body);
  }

  @Test
  void aChunkedBodyOfNoDeclaredLengthGrowsPastItsFirstArray() throws Exception {
    byte[] body = bytes(200_000);
    assertThat(read(body, 1 << 20, -1, 7)).isEqualTo(body);
  }

  @Test
  void aDeclaredLengthPastTheFirstArraysCapIsReadWhole() throws Exception {
    byte[] body = bytes(BodyReader.FIRST_ARRAY_MAX_BYTES * 3 + 17);
    assertThat(read(body, 1 << 20, body.length, 5)).isEqualTo(body);
  }

  @Test
  void aBodyPastTheLimitIsCutAtTheLimitPlusOneByte() throws Exception {
    byte[] body = bytes(250);
    assertThat(read(body, 100, body.length, 4)).isEqualTo(Arrays.copyOf(body, 101));
  }

  private static byte[] read(byte[] body, int limit, long declared, int chunks) throws Exception {
    AsyncContent source = new AsyncContent();
    CompletableFuture<byte[]> done = new CompletableFuture<>();
    BodyReader.read(
        source,
        limit,
        declared,
        (bytes, failure) -> {
          if (failure != null) {
            done.completeExceptionally(failure);
          } else {
            done.complete(bytes);
          }
        });
    int step = (body.length + chunks - 1) / chunks;
    for (int at = 0; at < body.length && !done.isDone(); at += step) {
      int n = Math.min(step, body.length - at);
      source.write(false, ByteBuffer.wrap(body, at, n), Callback.NOOP);
    }
    source.close();
    return done.get(5, TimeUnit.SECONDS);
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 31 + i / 251);
    }
    return b;
  }
}
