package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContentEncodingTest {
  private static byte[] gzip(byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(plain);
    }
    return out.toByteArray();
  }

  /** Counts the bytes read through it. */
  private static final class Counting extends FilterInputStream {
    long read;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      read += b < 0 ? 0 : 1;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      read += Math.max(n, 0);
      return n;
    }
  }

  @Test
  void aBombIsInflatedOnlyAsFarAsTheBound() throws IOException {
    byte[] bomb = gzip(new byte[100 * 1024 * 1024]); // 100 MiB of zeros in about 100 KiB
    Counting in = new Counting(new ByteArrayInputStream(bomb));

    byte[] inflated = ContentEncoding.inflate(in, 64 * 1024 + 1);

    assertThat(inflated).hasSize(64 * 1024 + 1);
    assertThat(in.read).as("compressed bytes read").isLessThan(bomb.length / 10);
  }

  @Test
  void aBodyWithinTheBoundIsInflatedWhole() throws IOException {
    byte[] plain = "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8);
    assertThat(ContentEncoding.inflate(new ByteArrayInputStream(gzip(plain)), 1024))
        .isEqualTo(plain);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "GZIP", "x-gzip", " gzip ", "identity, gzip"})
  void gzipInAnySpellingIsInflated(String header) {
    assertThat(ContentEncoding.gzip(header)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"identity", "", " , "})
  void noCodingIsTheBodyAsSent(String header) {
    assertThat(ContentEncoding.gzip(header)).isFalse();
    assertThat(ContentEncoding.gzip(null)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"br", "zstd", "deflate", "compress", "gzip, gzip", "gzip, br"})
  void anyOtherCodingIs415NamingIt(String header) {
    assertThatThrownBy(() -> ContentEncoding.gzip(header))
        .isInstanceOfSatisfying(
            ApiError.class,
            e -> {
              assertThat(e.status()).isEqualTo(415);
              assertThat(e.code()).isEqualTo("unsupported_content_encoding");
              assertThat(e.getMessage()).contains("Content-Encoding: " + header);
              assertThat(e.headers()).containsEntry("Accept-Encoding", "gzip");
            });
  }
}
