package app.quire.reader;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
