package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/** The sites of a real recording: the bytes a method allocated are found under its frame. */
class AllocSitesTest {
  private static volatile byte[] sink;

  private static void allocateInChunks() {
    for (int i = 0; i < 200_000; i++) {
      sink = new byte[1024];
    }
  }

  @Test
  void groupsTheSampledBytesByTheFirstFrameUnderThePrefix() throws Exception {
    Path file = Files.createTempFile("alloc-sites", ".jfr");
    try (Recording r = new Recording()) {
      r.enable("jdk.ObjectAllocationSample").with("throttle", "10000/s").withStackTrace();
      r.start();
      allocateInChunks();
      r.stop();
      r.dump(file);
    }
    List<AllocSites.Site> sites =
        AllocSites.group(RecordingFile.readAllEvents(file), "dev.orchestrator.benchmarks", 1);
    Files.delete(file);

    assertThat(sites).isNotEmpty();
    assertThat(sites.get(0).key())
        .startsWith("dev.orchestrator.benchmarks.load.AllocSitesTest.allocateInChunks:");
    for (int i = 1; i < sites.size(); i++) {
      assertThat(sites.get(i).bytes()).isLessThanOrEqualTo(sites.get(i - 1).bytes());
    }
  }
}
