package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.CompletionHandler;
import java.nio.channels.FileChannel;
import java.nio.channels.InterruptedByTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forms an NIO channel gives an interrupt and a timeout: {@link ClosedByInterruptException} (a
 * thread interrupted in a channel's I/O — a write_file tool's {@code Files.write}, a socket
 * channel) is a call interrupted while it ran, an ambiguous outcome like {@link
 * InterruptedException}; {@link InterruptedByTimeoutException} (an asynchronous channel's read or
 * write timed out) is a timeout.
 */
class NioChannelFailuresTest {

  private static final ToolSpec WRITE_FILE = ToolSpec.idempotent("write_file");
  private static final ToolSpec APPEND_LOG = ToolSpec.nonIdempotent("append_log");

  @Test
  void aFileWriteInterruptedWhileItRanFailsClosed(@TempDir Path dir) throws Exception {
    Throwable thrown;
    try (FileChannel ch =
        FileChannel.open(
            dir.resolve("out.txt"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      Thread.currentThread().interrupt();
      try {
        ch.write(ByteBuffer.wrap("x".getBytes(StandardCharsets.UTF_8)));
        throw new AssertionError("expected the interrupt to close the channel");
      } catch (ClosedByInterruptException e) {
        thrown = e;
      }
    } finally {
      Thread.interrupted();
    }

    for (ToolSpec spec : List.of(WRITE_FILE, APPEND_LOG)) {
      ToolDecision d = ToolFailureClassifier.INSTANCE.classify(thrown, spec);
      assertThat(d.kind()).as("%s", spec).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    }
  }

  @Test
  void aGuardedFileWriteInterruptedWhileItRanIsStoppedNotFailedOver(@TempDir Path dir) {
    ToolGuard guard = ToolGuard.builder().maxRetries(2).sleeper(d -> {}).build();
    try {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () ->
                  guard.run(
                      WRITE_FILE,
                      () -> {
                        try (FileChannel ch =
                            FileChannel.open(
                                dir.resolve("out.txt"),
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE)) {
                          Thread.currentThread().interrupt();
                          return ch.write(ByteBuffer.wrap(new byte[] {1}));
                        }
                      }))
          .isInstanceOf(ToolExecutionStoppedException.class);
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void anAsynchronousReadThatTimedOutIsATimeout() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        AsynchronousSocketChannel ch = AsynchronousSocketChannel.open()) {
      ch.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()))
          .get(10, TimeUnit.SECONDS);
      try (Socket accepted = server.accept()) {
        ch.write(ByteBuffer.wrap("{\"method\":\"tools/call\"}\n".getBytes(StandardCharsets.UTF_8)))
            .get(10, TimeUnit.SECONDS);
        // The tool's server has the call (its first byte read) and never answers.
        assertThat(accepted.getInputStream().read()).isEqualTo('{');
        CompletableFuture<Integer> read = new CompletableFuture<>();
        ch.read(
            ByteBuffer.allocate(64),
            20,
            TimeUnit.MILLISECONDS,
            null,
            new CompletionHandler<Integer, Void>() {
              @Override
              public void completed(Integer n, Void a) {
                read.complete(n);
              }

              @Override
              public void failed(Throwable t, Void a) {
                read.completeExceptionally(t);
              }
            });
        Throwable thrown;
        try {
          read.get(10, TimeUnit.SECONDS);
          throw new AssertionError("the server never answers");
        } catch (ExecutionException e) {
          thrown = e;
        }
        assertThat(thrown.getCause()).isInstanceOf(InterruptedByTimeoutException.class);

        ToolDecision idempotent = ToolFailureClassifier.INSTANCE.classify(thrown, WRITE_FILE);
        assertThat(idempotent.kind()).isEqualTo(ToolFailureKind.TIMEOUT);
        assertThat(idempotent.action()).isEqualTo(ToolAction.RETRY_SAME_AGENT);

        ToolDecision nonIdempotent = ToolFailureClassifier.INSTANCE.classify(thrown, APPEND_LOG);
        assertThat(nonIdempotent.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
        assertThat(nonIdempotent.observedKind()).isEqualTo(ToolFailureKind.TIMEOUT);
        assertThat(nonIdempotent.action()).isEqualTo(ToolAction.FAIL_CLOSED);
      }
    }
  }
}
