package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceCacheTest {
  private static final String URL = "https://models.example.test/api.json?key=s3cret";
  private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");

  @TempDir Path dir;

  private SourceCache cache() {
    return SourceCache.at(dir, Clock.fixed(T, ZoneOffset.UTC));
  }

  @Test
  void aStoredCopyIsReadBackByAnotherCacheOnTheSameDirectory() {
    cache().store(URL, "{\"data\":[]}");

    SourceCache.Entry e = cache().load(URL).orElseThrow();
    assertThat(e.text()).isEqualTo("{\"data\":[]}");
    assertThat(e.fetchedAt()).isEqualTo(T);
    assertThat(e.source()).isEqualTo(URL);
  }

  @Test
  void fileNamesNeverShowTheSourceAndNoTemporaryFileIsLeft() throws Exception {
    cache().store(URL, "{}");
    cache().store(URL, "{\"again\":1}");

    try (var files = Files.list(dir.resolve("catalog"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .singleElement()
          .satisfies(n -> assertThat(n).matches("[0-9a-f]{32}\\.json").doesNotContain("s3cret"));
    }
    assertThat(cache().load(URL).orElseThrow().text()).isEqualTo("{\"again\":1}");
  }

  @Test
  void aDamagedOrForeignCopyIsNoCopy() throws Exception {
    SourceCache c = cache();
    Path file = c.file(URL);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{half a copy");
    assertThat(cache().load(URL)).isEmpty();
    Files.writeString(
        file, "{\"source\":\"other\",\"fetchedAt\":\"2026-12-01T10:00:00Z\",\"text\":\"{}\"}");
    assertThat(cache().load(URL)).isEmpty();
    assertThat(cache().load("never-stored")).isEmpty();
  }

  @Test
  void anUnwritableDirectoryStillKeepsTheCopyInMemory() throws Exception {
    Path notADir = dir.resolve("file");
    Files.writeString(notADir, "x");
    SourceCache c = SourceCache.at(notADir, Clock.fixed(T, ZoneOffset.UTC));

    assertThatThrownBy(() -> c.store(URL, "{}"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageStartingWith("cannot write the catalog cache ");
    assertThat(c.load(URL)).isPresent();
  }

  @Test
  void theRefresherFallsBackToTheCachedCopyWhenTheSourceIsGone() throws Exception {
    Path source = dir.resolve("source.json");
    Files.writeString(
        source, "{\"providers\":{\"p\":{}},\"routes\":{\"p/a\":{\"tier\":\"free\"}}}");
    SourceCache c = cache();
    assertThat(CatalogRefresher.builder(source.toString()).cache(c).build().refreshNow().loaded())
        .isTrue();
    Files.delete(source);

    CatalogRefresher.Outcome o =
        CatalogRefresher.builder(source.toString()).cache(cache()).build().refreshNow();

    assertThat(o.loaded()).isFalse();
    assertThat(o.catalog().route("p/a")).isPresent();
  }
}
