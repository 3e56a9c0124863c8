package app.quire.reader;

import androidx.core.view.WindowCompat;
import androidx.core.view.WindowInsetsCompat;
import androidx.core.view.WindowInsetsControllerCompat;
import com.getcapacitor.Plugin;
import com.getcapacitor.PluginCall;
import com.getcapacitor.PluginMethod;
import com.getcapacitor.annotation.CapacitorPlugin;

/**
 * The reader's immersive mode (docs/reader.md): Capacitor's StatusBar plugin hides the status bar only, this hides
 * the navigation bar too, and a swipe from an edge shows the bars for a moment.
 */
@CapacitorPlugin(name = "QuireImmersive")
public class ImmersivePlugin extends Plugin {

    // The status bar is left to the StatusBar plugin, which knows whether it was hidden before the reader.
    private static final int SHOWN_ON_LEAVE = WindowInsetsCompat.Type.systemBars() & ~WindowInsetsCompat.Type.statusBars();

    // Touched on the UI thread only.
    private boolean immersive = false;
    private int behaviorBefore;

    @PluginMethod
    public void enter(PluginCall call) {
        // Plugin methods run on Capacitor's plugin thread; the window's insets belong to the UI thread.
        getActivity()
            .runOnUiThread(() -> {
                WindowInsetsControllerCompat controller = insetsController();
                if (!immersive) behaviorBefore = controller.getSystemBarsBehavior();
                immersive = true;
                hideBars(controller);
                call.resolve();
            });
    }

    @PluginMethod
    public void leave(PluginCall call) {
        getActivity()
            .runOnUiThread(() -> {
                if (immersive) {
                    WindowInsetsControllerCompat controller = insetsController();
                    controller.show(SHOWN_ON_LEAVE);
                    controller.setSystemBarsBehavior(behaviorBefore);
                    immersive = false;
                }
                call.resolve();
            });
    }

    // Before Android 11 the hidden state is a set of view flags that the system may clear while the app is away.
    @Override
    protected void handleOnResume() {
        if (immersive) hideBars(insetsController());
    }

    private WindowInsetsControllerCompat insetsController() {
        return WindowCompat.getInsetsController(getActivity().getWindow(), getActivity().getWindow().getDecorView());
    }

    private static void hideBars(WindowInsetsControllerCompat controller) {
        controller.setSystemBarsBehavior(WindowInsetsControllerCompat.BEHAVIOR_SHOW_TRANSIENT_BARS_BY_SWIPE);
        controller.hide(WindowInsetsCompat.Type.systemBars());
    }
}
