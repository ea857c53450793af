// imgui_sfml_bridge.hpp -- the small platform layer between SFML 2.5 and Dear ImGui 1.86: SFML events become
// ImGuiIO input, and ImGui's draw data is rendered by the OpenGL2 backend that Debian's libimgui ships.
#pragma once
#include <imgui.h>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Cursor.hpp>
#include <SFML/Window/Event.hpp>

#include <array>
#include <memory>

namespace pluzzle::editor::app {

class ImGuiSfmlBridge {
  public:
    // Creates the ImGui context. `font_file` (a TTF) is used when it exists, else ImGui's built-in font.
    ImGuiSfmlBridge(sf::RenderWindow &window, const char *font_file, float font_size);
    ~ImGuiSfmlBridge();
    ImGuiSfmlBridge(const ImGuiSfmlBridge &) = delete;
    ImGuiSfmlBridge &operator=(const ImGuiSfmlBridge &) = delete;

    void process_event(const sf::Event &event);
    void new_frame(float dt_seconds);
    void render(); // also shows the mouse cursor ImGui asks for (a resize arrow over a panel's edge)

  private:
    void update_cursor();

    sf::RenderWindow &window_;
    // sf::Cursor per ImGuiMouseCursor (0 .. ImGuiMouseCursor_COUNT), loaded once; null where the system has none.
    std::array<std::unique_ptr<sf::Cursor>, ImGuiMouseCursor_COUNT> cursors_; // by ImGui's cursor shape
    int shown_cursor_ = -2;
};

} // namespace pluzzle::editor::app
