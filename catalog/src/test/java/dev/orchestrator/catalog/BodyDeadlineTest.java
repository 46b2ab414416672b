package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

class BodyDeadlineTest {
  @Test
  void aBodyThatIsAllThereIsReadAndItsDeadlineCancelled() throws IOException {
    List<FutureTask<?>> set = new ArrayList<>();
    InputStream in = new ByteArrayInputStream("{}".getBytes(StandardCharsets.UTF_8));

    byte[] bytes =
        BodyDeadline.read(
            in,
            100,
            System.nanoTime(),
            (task, delay) -> {
              FutureTask<?> f = new FutureTask<>(task, null);
              set.add(f);
              return f;
            });

    assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("{}");
    assertThat(set).singleElement().satisfies(f -> assertThat(f.isCancelled()).isTrue());
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void aDeadlineAlreadyPassedOnTheWallClockEndsABodyThatNeverCompletes() throws IOException {
    // Nothing is ever written: without the deadline the read would block for good.
    try (PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(writer)) {
      writer.write('{');

      byte[] bytes = BodyDeadline.read(in, 100, System.nanoTime() - 1, BodyDeadline.WALL_CLOCK);

      assertThat(bytes).isNull();
      assertThat(Thread.currentThread().isInterrupted()).as("interrupt leaked").isFalse();
    }
  }
}
