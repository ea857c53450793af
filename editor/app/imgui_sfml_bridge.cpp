#include "imgui_sfml_bridge.hpp"

#include <backends/imgui_impl_opengl2.h>
#include <imgui.h>

#include <SFML/OpenGL.hpp>

#include <filesystem>

namespace pluzzle::editor::app {

ImGuiSfmlBridge::ImGuiSfmlBridge(sf::RenderWindow &window, const char *font_file, float font_size) : window_(window) {
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr; // the layout is the app's, not a file in the working folder
    // ImGui 1.86 reads keys through KeyMap -> KeysDown, indexed here by sf::Keyboard::Key.
    io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
    io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
    io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
    io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
    io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
    io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
    io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
    io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
    io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
    io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
    io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
    io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
    io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
    io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
    io.KeyMap[ImGuiKey_KeyPadEnter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
    io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
    io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
    io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
    io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
    io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;
    // Showing ImGui's cursor shapes is what lets it resize windows from their edges (the side panels).
    const std::pair<int, sf::Cursor::Type> shapes[] = {
        {ImGuiMouseCursor_Arrow, sf::Cursor::Arrow},
        {ImGuiMouseCursor_TextInput, sf::Cursor::Text},
        {ImGuiMouseCursor_ResizeAll, sf::Cursor::SizeAll},
        {ImGuiMouseCursor_ResizeNS, sf::Cursor::SizeVertical},
        {ImGuiMouseCursor_ResizeEW, sf::Cursor::SizeHorizontal},
        {ImGuiMouseCursor_ResizeNESW, sf::Cursor::SizeBottomLeftTopRight},
        {ImGuiMouseCursor_ResizeNWSE, sf::Cursor::SizeTopLeftBottomRight},
        {ImGuiMouseCursor_Hand, sf::Cursor::Hand},
        {ImGuiMouseCursor_NotAllowed, sf::Cursor::NotAllowed},
    };
    static_assert(std::size(shapes) == ImGuiMouseCursor_COUNT); // a new ImGui shape needs its SFML cursor here
    for (auto [imgui, type] : shapes) {
        auto cursor = std::make_unique<sf::Cursor>();
        if (cursor->loadFromSystem(type)) cursors_[size_t(imgui)] = std::move(cursor);
    }
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    std::error_code ec;
    if (font_file && std::filesystem::exists(font_file, ec)) io.Fonts->AddFontFromFileTTF(font_file, font_size);
    ImGui::StyleColorsLight();
    ImGui_ImplOpenGL2_Init();
}

ImGuiSfmlBridge::~ImGuiSfmlBridge() {
    ImGui_ImplOpenGL2_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiSfmlBridge::process_event(const sf::Event &event) {
    ImGuiIO &io = ImGui::GetIO();
    switch (event.type) {
    case sf::Event::MouseMoved: io.MousePos = ImVec2(float(event.mouseMove.x), float(event.mouseMove.y)); break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased:
        if (event.mouseButton.button < 3) {
            // Left, Right, Middle: the same order as ImGui's MouseDown[0..2].
            io.MouseDown[event.mouseButton.button] = event.type == sf::Event::MouseButtonPressed;
            io.MousePos = ImVec2(float(event.mouseButton.x), float(event.mouseButton.y));
        }
        break;
    case sf::Event::MouseWheelScrolled:
        if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
            io.MouseWheel += event.mouseWheelScroll.delta;
        else
            io.MouseWheelH += event.mouseWheelScroll.delta;
        break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
        if (event.key.code >= 0 && event.key.code < 512)
            io.KeysDown[event.key.code] = event.type == sf::Event::KeyPressed;
        io.KeyCtrl = event.key.control;
        io.KeyShift = event.key.shift;
        io.KeyAlt = event.key.alt;
        io.KeySuper = event.key.system;
        break;
    case sf::Event::TextEntered:
        if (event.text.unicode >= 32 && event.text.unicode != 127) io.AddInputCharacter(event.text.unicode);
        break;
    case sf::Event::GainedFocus: io.AddFocusEvent(true); break;
    case sf::Event::LostFocus: io.AddFocusEvent(false); break;
    default: break;
    }
}

void ImGuiSfmlBridge::new_frame(float dt_seconds) {
    ImGuiIO &io = ImGui::GetIO();
    const sf::Vector2u size = window_.getSize();
    io.DisplaySize = ImVec2(float(size.x), float(size.y));
    io.DeltaTime = dt_seconds > 0 ? dt_seconds : 1.0f / 60;
    ImGui_ImplOpenGL2_NewFrame();
    ImGui::NewFrame();
}

void ImGuiSfmlBridge::render() {
    ImGui::Render();
    const sf::Vector2u size = window_.getSize();
    glViewport(0, 0, GLsizei(size.x), GLsizei(size.y));
    glClearColor(0.93f, 0.93f, 0.93f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
    update_cursor();
}

void ImGuiSfmlBridge::update_cursor() {
    const int wanted = ImGui::GetIO().MouseDrawCursor ? ImGuiMouseCursor_None : ImGui::GetMouseCursor();
    if (wanted == shown_cursor_) return; // X round trips only when the shape changes
    shown_cursor_ = wanted;
    window_.setMouseCursorVisible(wanted != ImGuiMouseCursor_None);
    if (wanted >= 0 && size_t(wanted) < cursors_.size() && cursors_[size_t(wanted)])
        window_.setMouseCursor(*cursors_[size_t(wanted)]);
    else if (cursors_[ImGuiMouseCursor_Arrow])
        window_.setMouseCursor(*cursors_[ImGuiMouseCursor_Arrow]);
}

} // namespace pluzzle::editor::app
