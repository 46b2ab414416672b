import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * The container's health check: exits 0 when {@code GET} of the URL given answers {@code 200}, 1
 * otherwise (a {@code 503} not-ready status, a refused connection, a timeout). A distroless image
 * has no curl, so the image's own JRE runs this one class. {@code /readyz}'s status code is public
 * even when its detail is behind the token (docs/reference.md §5), so the probe sends none.
 */
public final class ReadyzProbe {
  private ReadyzProbe() {}

  /** The probe's exit status for {@code url}: 0 ready, 1 anything else. */
  public static int check(String url, int timeoutMillis) {
    try {
      HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
      c.setConnectTimeout(timeoutMillis);
      c.setReadTimeout(timeoutMillis);
      try {
        return c.getResponseCode() == 200 ? 0 : 1;
      } finally {
        c.disconnect();
      }
    } catch (IOException | IllegalArgumentException e) {
      return 1;
    }
  }

  /** Checks {@code args[0]} (default {@code http://127.0.0.1:8080/readyz}) within 4 s. */
  public static void main(String[] args) {
    System.exit(check(args.length > 0 ? args[0] : "http://127.0.0.1:8080/readyz", 4000));
  }
}
