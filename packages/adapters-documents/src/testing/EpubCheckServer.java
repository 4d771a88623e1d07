import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * EPUBCheck for many files in one JVM (the test validators start it once per test process, validators.ts): reads one
 * file path per line of standard input, checks it as `epubcheck FILE` would, writes what EPUBCheck writes (its errors
 * too) and then a line "@@@ done <exit code>". Ends at the end of its input, that is when the test process ends.
 */
public class EpubCheckServer {
  public static void main(String[] args) throws Exception {
    System.setErr(System.out);
    BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String file = lines.readLine(); file != null; file = lines.readLine()) {
      int code;
      try {
        code = new com.adobe.epubcheck.tool.EpubChecker().run(new String[] { file });
      } catch (Throwable error) {
        error.printStackTrace(System.out);
        code = 3;
      }
      System.out.println("@@@ done " + code);
      System.out.flush();
    }
  }
}
