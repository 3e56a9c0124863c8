package app.quire.reader;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        // The app's own plugins are not in capacitor.plugins.json: they must be added before super.onCreate builds the bridge.
        registerPlugin(ImmersivePlugin.class);
        super.onCreate(savedInstanceState);
    }
}
