// Plays a sheetgen VASSAL module in the real VASSAL engine, the way a player would use what
// the shared harness (check.sh) does not try: the dice buttons, the turn tracker, a marker
// dropped on a ship, and Delete. Run by tests/render/test_vassal_engine.py under Xvfb with the
// harness's class path:  java ... PlayCheck MODULE.vmod REPORT.txt
// The report has one line per fact ("dice d10 = 7", "turn 1 Initiative -> 1 Movement", ...),
// "FAIL ..." lines for what went wrong, and ends with "done".
import java.awt.*;
import java.awt.event.*;
import java.awt.image.BufferedImage;
import javax.imageio.ImageIO;
import java.io.*;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.*;
import java.util.List;
import java.util.concurrent.*;
import javax.swing.*;
import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.build.widget.ListWidget;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.Command;
import VASSAL.counters.*;
import VASSAL.counters.Stack;
import VASSAL.counters.Properties;

public class PlayCheck {
  static PrintStream R;
  static File REPORT;

  static void r(String s) { R.println(s); R.flush(); }

  public static void main(String[] args) throws Exception {
    REPORT = new File(args[1]).getAbsoluteFile();
    R = new PrintStream(new FileOutputStream(REPORT), true, "UTF-8");
    try { run(args[0]); }
    catch (Throwable t) { t.printStackTrace(System.out); r("FAIL " + t); }
    r("done");
    R.close();
    System.out.flush();
    Runtime.getRuntime().halt(0);
  }

  static void settle(long ms) throws Exception {
    Thread.sleep(ms);
    SwingUtilities.invokeAndWait(() -> {});
  }

  static <T> T onEdt(Callable<T> c) throws Exception {
    final FutureTask<T> f = new FutureTask<>(c);
    SwingUtilities.invokeLater(f);
    return f.get(120, TimeUnit.SECONDS);
  }

  /** Modal dialogs (name and password, side chooser): pick "Player A", then Finish/OK, else close. */
  static void answerDialogs() {
    Toolkit.getDefaultToolkit().addAWTEventListener(ev -> {
      if (ev.getID() != WindowEvent.WINDOW_OPENED || !(ev.getSource() instanceof Dialog)) return;
      final Dialog d = (Dialog) ev.getSource();
      if (!d.isModal()) return;
      final javax.swing.Timer t = new javax.swing.Timer(800, e -> {
        if (!d.isShowing()) return;
        final List<Component> all = new ArrayList<>();
        collect(d, all);
        for (final Component c : all) {
          if (c instanceof JComboBox) {
            final JComboBox<?> cb = (JComboBox<?>) c;
            for (int i = 0; i < cb.getItemCount(); i++) if (String.valueOf(cb.getItemAt(i)).startsWith("Player A")) cb.setSelectedIndex(i);
          }
        }
        if (!d.getClass().getName().contains("UsernameAndPassword")) {
          for (final String label : new String[]{"Finish", "OK", "Ok", "Close"}) {
            for (final Component c : all) {
              if (c instanceof JButton && label.equals(((JButton) c).getText()) && c.isEnabled() && c.isShowing()) { ((JButton) c).doClick(); return; }
            }
          }
        }
        d.dispose();
      });
      t.setRepeats(false);
      t.start();
    }, AWTEvent.WINDOW_EVENT_MASK);
  }

  static void collect(Component c, List<Component> out) {
    out.add(c);
    if (c instanceof Container) for (final Component k : ((Container) c).getComponents()) collect(k, out);
  }

  static String chat(GameModule gm) throws Exception {
    final Field f = Chatter.class.getDeclaredField("conversationPane");
    f.setAccessible(true);
    final JTextPane tp = (JTextPane) f.get(gm.getChatter());
    return tp.getDocument().getText(0, tp.getDocument().getLength());
  }

  static void run(String vmod) throws Exception {
    answerDialogs();
    VASSAL.launch.Player.main(new String[]{"--load", vmod});
    settle(1500);
    final GameModule gm = GameModule.getGameModule();
    if (gm == null) { r("FAIL module not loaded"); return; }
    SwingUtilities.invokeLater(() -> {
      try {
        final Field f = GameState.class.getDeclaredField("newGame");
        f.setAccessible(true);
        ((Action) f.get(gm.getGameState())).actionPerformed(new ActionEvent(gm, 0, "new"));
      }
      catch (Exception e) { r("FAIL new game: " + e); }
    });
    for (int i = 0; i < 60 && !gm.getGameState().isGameStarted(); i++) settle(500);
    r("game started " + gm.getGameState().isGameStarted());
    settle(1500);
    onEdt(() -> { dice(gm); return null; });
    settle(500);
    onEdt(() -> { turns(gm); return null; });
    settle(500);
    onEdt(() -> { markerAndDelete(gm); return null; });
    settle(500);
    final String text = onEdt(() -> chat(gm));
    for (final String line : text.split("\n")) if (!line.isBlank()) r("chat " + line.trim());
  }

  /** Press every dice button: each roll must reach the chat. */
  static void dice(GameModule gm) throws Exception {
    for (final DiceButton b : gm.getAllDescendantComponentsOf(DiceButton.class)) {
      final String before = chat(gm);
      b.getLaunchButton().doClick();
      final String added = chat(gm).substring(before.length()).trim();
      r("dice " + b.getConfigureName() + " nDice=" + b.getAttributeValueString("nDice") + " nSides=" + b.getAttributeValueString("nSides") + " chat: " + added.replace('\n', ' '));
    }
  }

  /** Step the turn tracker forward through a whole turn and a bit, and one step back. */
  static void turns(GameModule gm) throws Exception {
    final List<TurnTracker> trackers = gm.getAllDescendantComponentsOf(TurnTracker.class);
    r("turn trackers " + trackers.size());
    if (trackers.isEmpty()) return;
    final TurnTracker t = trackers.get(0);
    // the turn window's Next and Previous buttons (TurnWidget.doNext/doPrev: step, report, log)
    final Field w = TurnTracker.class.getDeclaredField("turnWidget");
    w.setAccessible(true);
    final Object widget = w.get(t);
    final Method next = widget.getClass().getDeclaredMethod("doNext");
    final Method prev = widget.getClass().getDeclaredMethod("doPrev");
    final Method turnString = TurnTracker.class.getDeclaredMethod("getTurnString");
    next.setAccessible(true);
    prev.setAccessible(true);
    turnString.setAccessible(true);
    r("turn start " + turnString.invoke(t) + " | Turn=" + gm.getProperty("Turn") + " Phase=" + gm.getProperty("Phase"));
    for (int i = 0; i < 16; i++) {
      next.invoke(widget);
      r("turn next " + turnString.invoke(t) + " | Turn=" + gm.getProperty("Turn") + " Phase=" + gm.getProperty("Phase"));
    }
    prev.invoke(widget);
    r("turn prev " + turnString.invoke(t) + " | Turn=" + gm.getProperty("Turn") + " Phase=" + gm.getProperty("Phase"));
  }

  /** Ctrl+R on the ship: its record sheet (a PropertySheet) opens as a window; report the
   *  sheet's fields and values, and tick one box of its first check-box field. */
  static void recordSheet(GameModule gm, GamePiece ship) throws Exception {
    final GamePiece outer = Decorator.getOutermost(ship);
    final PropertySheet sheet = (PropertySheet) Decorator.getDecorator(outer, PropertySheet.class);
    if (sheet == null) { r("record sheet: none"); return; }
    final Field def = PropertySheet.class.getDeclaredField("m_definition");
    def.setAccessible(true);
    r("record sheet definition: " + def.get(sheet));
    r("record sheet state: " + sheet.myGetState());
    // what the engine reads from that state: each field as a property of the piece (ticks: the count ticked)
    final List<String> values = new ArrayList<>();
    for (final String d : String.valueOf(def.get(sheet)).split("~")) {
      if (d.length() > 1) values.add(d.substring(1) + "=" + outer.getProperty(d.substring(1)));
    }
    r("record sheet ship: " + outer.getName());
    r("record sheet values: " + String.join(" | ", values));
    final Command c = outer.keyEvent(KeyStroke.getKeyStroke(KeyEvent.VK_R, InputEvent.CTRL_DOWN_MASK));
    if (c != null) gm.sendAndLog(c);
    final Field fr = PropertySheet.class.getDeclaredField("frame");
    fr.setAccessible(true);
    final Window w = (Window) fr.get(sheet);
    r("record sheet window: " + (w != null && w.isShowing()));
    if (w != null) {
      w.setLocation(0, 0);
      w.toFront();
      final List<Component> all = new ArrayList<>();
      collect(w, all);
      final List<String> labels = new ArrayList<>();
      for (final Component k : all) if (k instanceof JLabel && ((JLabel) k).getText() != null) labels.add(((JLabel) k).getText());
      r("record sheet labels: " + labels);
      w.pack();
      w.validate();
      final BufferedImage shot = new BufferedImage(Math.max(1, w.getWidth()), Math.max(1, w.getHeight()), BufferedImage.TYPE_INT_RGB);
      final Graphics2D g = shot.createGraphics();
      w.printAll(g);
      g.dispose();
      ImageIO.write(shot, "png", new File(REPORT.getParentFile(), "record-sheet.png"));
    }
  }

  static List<GamePiece> onMap(Map m) {
    final List<GamePiece> out = new ArrayList<>();
    for (final GamePiece gp : m.getPieces()) {
      if (gp instanceof Stack) out.addAll(((Stack) gp).asList()); else out.add(gp);
    }
    return out;
  }

  static GamePiece drop(Map m, PieceSlot slot, Point at) {
    final GamePiece p = PieceCloner.getInstance().clonePiece(slot.getPiece());
    p.setProperty(Properties.PIECE_ID, slot.getGpId());
    DragBuffer.getBuffer().clear();
    DragBuffer.getBuffer().add(p);
    final Command c = m.getPieceMover().movePieces(m, at);
    if (c != null) GameModule.getGameModule().sendAndLog(c);
    DragBuffer.getBuffer().clear();
    return p;
  }

  /** Drop the first two markers on a ship (placed at start, or dropped from the palette first):
   *  they must join its stack, on top; then Delete (the key) removes a marker, then the ship. */
  static void markerAndDelete(GameModule gm) throws Exception {
    final Map m = Map.getMapList().get(0);
    final List<PieceSlot> markers = new ArrayList<>();
    PieceSlot shipSlot = null;
    for (final ListWidget w : gm.getAllDescendantComponentsOf(ListWidget.class)) {
      for (final PieceSlot s : w.getAllDescendantComponentsOf(PieceSlot.class)) {
        if ("Markers".equals(w.getConfigureName())) markers.add(s); else if (shipSlot == null) shipSlot = s;
      }
    }
    GamePiece ship = onMap(m).isEmpty() ? null : onMap(m).get(0);
    if (ship == null) {
      final Point c = m.getBoards().iterator().next().getGrid().getLocation("1010");
      ship = drop(m, shipSlot, c);
      r("ship dropped from the palette: " + ship.getName());
    }
    final Point at = ship.getPosition();
    r("ship '" + ship.getName() + "' at " + m.locationName(at));
    final List<GamePiece> dropped = new ArrayList<>();
    for (int i = 0; i < Math.min(2, markers.size()); i++) dropped.add(drop(m, markers.get(i), new Point(at.x + 7, at.y - 5)));
    final Stack stack = ship.getParent();
    final List<String> names = new ArrayList<>();
    if (stack != null) for (final GamePiece p : stack.asList()) names.add(p.getName());
    r("stack at " + m.locationName(at) + ": " + names);
    for (final GamePiece p : dropped) {
      r("marker '" + p.getName() + "' at " + m.locationName(p.getPosition()) + " same stack as ship: " + (stack != null && p.getParent() == stack));
    }
    final int before = onMap(m).size();
    final KeyStroke del = KeyStroke.getKeyStroke(KeyEvent.VK_DELETE, 0);
    if (!dropped.isEmpty()) {
      final GamePiece marker = dropped.get(dropped.size() - 1);
      final Command c = Decorator.getOutermost(marker).keyEvent(del);
      if (c != null) gm.sendAndLog(c);
      r("delete marker '" + marker.getName() + "': on map " + (marker.getMap() != null) + ", pieces " + before + " -> " + onMap(m).size());
    }
    recordSheet(gm, ship);
    final int mid = onMap(m).size();
    final Command c = Decorator.getOutermost(ship).keyEvent(del);
    if (c != null) gm.sendAndLog(c);
    r("delete ship '" + ship.getName() + "': on map " + (ship.getMap() != null) + ", pieces " + mid + " -> " + onMap(m).size());
  }
}
