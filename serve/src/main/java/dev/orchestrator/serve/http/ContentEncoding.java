package dev.orchestrator.serve.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * A request body's {@code Content-Encoding}: none (or {@code identity}) is read as it came, {@code
 * gzip} (or its alias {@code x-gzip}) is inflated — never past a bound, so that a small body that
 * inflates to gigabytes costs no more than the bound — and any other coding is refused with a
 * {@code 415} that names it, instead of reaching the JSON parser as bytes it cannot read.
 * Stateless.
 */
public final class ContentEncoding {
  private static final int MAX_SHOWN = 100;

  private ContentEncoding() {}

  /**
   * Whether a body sent with {@code header} as its {@code Content-Encoding} is gzip; {@code false}
   * for none or {@code identity}.
   *
   * @throws ApiError {@code 415 unsupported_content_encoding} naming any other coding, with {@code
   *     Accept-Encoding: gzip}
   */
  public static boolean gzip(String header) {
    if (header == null) {
      return false;
    }
    List<String> codings = new ArrayList<>();
    for (String c : header.split(",", -1)) {
      String coding = c.trim().toLowerCase(Locale.ROOT);
      if (!coding.isEmpty() && !coding.equals("identity")) {
        codings.add(coding);
      }
    }
    if (codings.isEmpty()) {
      return false;
    }
    if (codings.size() == 1 && (codings.get(0).equals("gzip") || codings.get(0).equals("x-gzip"))) {
      return true;
    }
    String shown =
        header.length() > MAX_SHOWN
            ? header.substring(0, MAX_SHOWN) + "… (" + header.length() + " characters)"
            : header;
    throw ApiError.of(
            415,
            "invalid_request_error",
            "request body: Content-Encoding: "
                + shown
                + " is not supported (expected: gzip, or none)",
            null,
            "unsupported_content_encoding")
        .header("Accept-Encoding", "gzip");
  }

  /**
   * Whether a body sent with {@code header} as its {@code Content-Encoding} can be read: none,
   * {@code identity} or gzip. A request whose body cannot be is refused from its head ({@link
   * #gzip} names why), so its body is never waited for.
   */
  public static boolean readable(String header) {
    try {
      gzip(header);
      return true;
    } catch (ApiError e) {
      return false;
    }
  }

  /**
   * The first {@code atMost} bytes {@code gzipped} inflates to (fewer when it inflates to fewer):
   * inflation stops there, whatever size the rest would reach.
   *
   * @throws IOException when {@code gzipped} is not gzip data, or ends before its end
   */
  public static byte[] inflate(InputStream gzipped, int atMost) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(gzipped)) {
      return in.readNBytes(atMost);
    }
  }
}
