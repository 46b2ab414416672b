package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.SocketChannel;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.Test;

/**
 * The counts of {@link ConnectionCap}, driven through Jetty's own accept-listener calls as its
 * acceptor threads make them — here in the order of a race between two acceptors that no test over
 * sockets can bring about at will: one accepts the connection that reaches the cap while the other
 * already waits in {@code accept()}, and accepts one more. ({@code SlowClientMetricsIT} counts the
 * cap reached over real connections.)
 */
class ConnectionCapTest {
  @Test
  void countsEachTimeTheCapIsReachedAndEachConnectionAcceptedPastIt() throws Exception {
    ConnectionCap cap = new ConnectionCap(2, new Server());
    try (SocketChannel a = SocketChannel.open();
        SocketChannel b = SocketChannel.open();
        SocketChannel c = SocketChannel.open();
        SocketChannel d = SocketChannel.open()) {
      cap.onAccepting(a);
      cap.onAccepted(a);
      assertThat(cap.reached()).isZero();

      cap.onAccepting(b); // the second of two: the cap is reached, accepting stops
      assertThat(cap.reached()).isEqualTo(1);
      assertThat(b.isOpen()).isTrue();
      cap.onAccepted(b);

      cap.onAccepting(c); // accepted by a second acceptor all the same: Jetty closes it
      assertThat(c.isOpen()).isFalse();
      assertThat(cap.refused()).isEqualTo(1);
      cap.onAcceptFailed(c, new IllegalStateException("closed by the cap"));
      assertThat(cap.reached()).as("the same time at the cap").isEqualTo(1);

      cap.onClosed(a); // below the cap: accepting again
      cap.onAccepting(d); // the cap reached a second time
      assertThat(d.isOpen()).isTrue();
      assertThat(cap.reached()).isEqualTo(2);
      assertThat(cap.refused()).isEqualTo(1);
      assertThat(cap.max()).isEqualTo(2);
    }
  }
}
