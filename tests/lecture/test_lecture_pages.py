"""The join link and the QR code a presenter shows on the projector."""


def test_join_link_opens_the_visualizer_following_the_lecture(client):
    response = client.get("/join/abc-def")
    assert response.status_code == 302
    assert response.headers["Location"] == "/?lecture=ABCDEF"


def test_qr_code_is_an_svg_of_the_join_link(client):
    response = client.get("/lecture/ABCDEF/qr.svg")
    assert response.status_code == 200
    assert response.content_type == "image/svg+xml"
    assert response.data.startswith(b"<svg") and b"<script" not in response.data


def test_bad_codes_are_a_404(client):
    assert client.get("/join/not-a-code").status_code == 404
    assert client.get("/lecture/0000/qr.svg").status_code == 404
